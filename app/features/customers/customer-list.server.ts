import type { LoaderFunctionArgs } from "@remix-run/node";
import { CustomerListQuerySchema, CustomerListSchema, CustomerStatsSchema } from "#backend/schemas/customers";
import { requireUser } from "~/session.server";
import { listFailure } from "~/utils/list-messages";
import { loadListPage } from "~/utils/lists.server";

export async function customerListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadListPage(request, user, {
    section: "customers",
    tab,
    stats: { path: "/v1/customers/stats", answer: CustomerStatsSchema },
    list: {
      path: "/v1/customers",
      query: CustomerListQuerySchema,
      answer: CustomerListSchema,
      failureMessage: listFailure.customers,
    },
    can: { create: "write:Customers" },
  });
}
