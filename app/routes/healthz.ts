import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBackend } from "#backend/index";
import { appConfig } from "~/config.server";

/** Public health probe for ops: 200 when the backend's database answers. */
export async function loader(_args: LoaderFunctionArgs) {
  const { apiBaseUrl } = appConfig();
  try {
    const response = apiBaseUrl
      ? await fetch(`${apiBaseUrl}/healthz`)
      : await (await getBackend()).fetch(new Request("http://in-process/healthz"));
    return new Response(await response.text(), {
      status: response.status,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  } catch {
    return Response.json(
      { status: "unavailable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
