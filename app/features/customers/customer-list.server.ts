import type { LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_PAGE_SIZE } from "#backend/schemas/list";
import { CustomerListSchema, CustomerStatsSchema } from "#backend/schemas/customers";
import { apiRead } from "~/api.server";
import { requireUser } from "~/session.server";
import type { CustomerTab } from "./customer-tabs";
import { CUSTOMER_TABS } from "./customer-tabs";

/** One tab of the customer list: the stat cards, then the page of rows its filter selects. */
export async function customerListLoader(tab: CustomerTab, { request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const search = params.get("search")?.trim() ?? "";
  const filter = CUSTOMER_TABS[tab].query;
  const [stats, list] = await Promise.all([
    apiRead(request, "/v1/customers/stats", CustomerStatsSchema),
    filter
      ? apiRead(request, "/v1/customers", CustomerListSchema, {
          ...filter,
          page: params.get("page") ?? undefined,
          limit: DEFAULT_PAGE_SIZE,
          search: search || undefined,
        })
      : null,
  ]);
  return { tab, stats, list, search };
}
