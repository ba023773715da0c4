import type { LoaderFunctionArgs } from "@remix-run/node";
import { SaleDraftListSchema } from "#backend/schemas/sale-drafts";
import type { SaleTab } from "#backend/schemas/sales";
import { SaleListQuerySchema, SaleListSchema, SaleStatsSchema } from "#backend/schemas/sales";
import { apiRead, apiReadOrFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { loadList } from "~/utils/lists.server";
import { sectionTab } from "~/utils/navigation";
import { can } from "~/utils/permissions";

/** One tab of the sales list: its counters, the page of rows its filter selects, and 'My drafts'. */
export async function saleListLoader(tab: SaleTab, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { title, filter } = sectionTab("sales", tab);
  const canCreate = can(user, "write:Sales");
  const [stats, page, drafts] = await Promise.all([
    apiRead(request, "/v1/sales/stats", SaleStatsSchema),
    loadList(request, {
      path: "/v1/sales",
      query: SaleListQuerySchema,
      answer: SaleListSchema,
      fixed: filter ?? {},
    }),
    // 'My drafts': sales this user started and left (docs/decisions/018); only roles that sell have any.
    canCreate ? apiReadOrFailure(request, "/v1/sales/drafts", SaleDraftListSchema) : null,
  ]);
  return {
    title,
    stats,
    page,
    drafts: drafts?.ok ? drafts.data.drafts : [],
    canCreate,
  };
}
