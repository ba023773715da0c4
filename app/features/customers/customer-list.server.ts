import type { LoaderFunctionArgs } from "@remix-run/node";
import { CustomerListQuerySchema, CustomerListSchema, CustomerStatsSchema } from "#backend/schemas/customers";
import { apiRead } from "~/api.server";
import { requireUser } from "~/session.server";
import { listFailure } from "~/utils/list-messages";
import { loadList } from "~/utils/lists.server";
import { can } from "~/utils/permissions";
import { sectionTab } from "~/utils/navigation";

export async function customerListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { title, filter } = sectionTab("customers", tab);
  const [stats, page] = await Promise.all([
    apiRead(request, "/v1/customers/stats", CustomerStatsSchema),
    loadList(request, {
      path: "/v1/customers",
      query: CustomerListQuerySchema,
      answer: CustomerListSchema,
      fixed: filter ?? {},
      failureMessage: listFailure.customers,
    }),
  ]);
  return { title, tab, stats, page, canCreate: can(user, "write:Customers") };
}
