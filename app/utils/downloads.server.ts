import { apiPassThrough } from "~/api.server";
import type { ApiCall } from "~/api.server";
import { signOut } from "~/session.server";
import { redirectWithError } from "~/toast.server";
import { describeFailure } from "./error-catalogue";

// Streamed through with the session's token: a download link carries no bearer.
export async function downloadCsv(
  request: Request,
  options: {
    path: ApiCall["path"];
    query?: Record<string, string | undefined>;
    back: string;
    failed?: string;
  },
): Promise<Response> {
  const response = await apiPassThrough(request, options.path, options.query);
  if (response.ok && /^text\/csv\b/i.test(response.headers.get("content-type") ?? "")) return response;
  await response.body?.cancel();
  const description = describeFailure({ status: response.ok ? 502 : response.status });
  if (description.kind === "unauthorized") throw await signOut(request, { toast: description.toast });
  const reason = response.ok ? "The server did not answer with a CSV file" : description.title;
  return redirectWithError(options.back, `${options.failed ?? "Export failed"}: ${reason}`);
}
