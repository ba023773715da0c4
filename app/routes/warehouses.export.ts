import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiPassThrough } from "~/api.server";
import { requireUser } from "~/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return apiPassThrough(request, "/v1/warehouses/export");
}
