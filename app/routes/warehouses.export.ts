import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiPassThrough } from "~/api.server";
import { requireUser } from "~/session.server";

/** 'Export list': the API's CSV of every warehouse, passed through with its file name. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return apiPassThrough(request, "/v1/warehouses/export");
}
