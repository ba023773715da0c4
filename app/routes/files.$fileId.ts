import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiPublicPassThrough } from "~/api.server";

/**
 * An uploaded image, as records link it (`/files/{id}`): public, so an `<img>` of any client shows it
 * without a session or a bearer token; the id is random and unguessable (decision 045).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiPublicPassThrough(request, `/v1/files/images/${encodeURIComponent(params.fileId ?? "")}`);
}
