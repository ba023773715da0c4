import { getBackend } from "#backend/index";
import { appConfig } from "~/config.server";

/** The backend's own answer to a probe, in-process or over HTTP; 503 when it cannot be asked. */
export async function backendProbe(path: "/healthz" | "/readyz") {
  const { apiBaseUrl } = appConfig();
  try {
    const response = apiBaseUrl
      ? await fetch(`${apiBaseUrl}${path}`, { signal: AbortSignal.timeout(3_000) })
      : await (await getBackend()).fetch(new Request(`http://in-process${path}`));
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
