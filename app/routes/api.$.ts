import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getBackend } from "#backend/index";
import { appConfig } from "~/config.server";

// The backend guards every route itself with the caller's bearer token, so nothing is checked here.
async function forward(request: Request) {
  const { apiBaseUrl } = appConfig();
  if (!apiBaseUrl) return (await getBackend()).fetch(request);
  const url = new URL(request.url);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  try {
    return await fetch(`${apiBaseUrl}${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      // A redirect is an answer for the caller, not something to follow here.
      redirect: "manual",
    });
  } catch {
    return Response.json(
      { statusCode: 502, message: "The API server did not answer", error: "Bad Gateway" },
      { status: 502 },
    );
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  return forward(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return forward(request);
}
