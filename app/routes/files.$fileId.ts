import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiPassThrough } from "~/api.server";

/** An uploaded image for an `<img>`: read from the API with the session's token (a browser sends no bearer). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiPassThrough(request, `/v1/files/${encodeURIComponent(params.fileId ?? "")}`);
}
