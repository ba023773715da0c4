import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { listSchema } from "#backend/schemas/list";
import { SaleDraftListSchema } from "#backend/schemas/sale-drafts";
import type { SaleTab } from "#backend/schemas/sales";
import { SaleListItemSchema, SaleListQuerySchema, SaleStatsSchema } from "#backend/schemas/sales";
import { apiReadOrFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { loadListPage } from "~/utils/lists.server";
import { can } from "~/utils/permissions";
import { toSaleWithReturn, verifyPaymentReturn } from "./payment-return.server";

const nameOnly = z.object({ name: z.string() });

const SaleRowSchema = SaleListItemSchema.pick({
  id: true,
  saleNumber: true,
  status: true,
  products: true,
  totalPrice: true,
  totalPaid: true,
  balance: true,
  createdAt: true,
}).extend({ customer: nameOnly, agent: nameOnly.nullable() });
export type SaleRow = z.infer<typeof SaleRowSchema>;
const SaleRowListSchema = listSchema("sales", SaleRowSchema);

// The provider's return (spec 001 §1) is verified here; a payment the API can place on a sale is then shown
// on that sale's page. What it cannot place (an unknown or crafted reference) stays here, with the rows.
export async function saleListLoader(tab: SaleTab, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const payment = tab === "all" ? await verifyPaymentReturn(request) : null;
  if (payment?.saleId) throw toSaleWithReturn(request, payment.saleId);
  const [list, drafts] = await Promise.all([
    loadListPage(request, user, {
      section: "sales",
      tab,
      stats: { path: "/v1/sales/stats", answer: SaleStatsSchema },
      list: { path: "/v1/sales/list", query: SaleListQuerySchema, answer: SaleRowListSchema },
      can: { create: "write:Sales" },
    }),
    // Only roles that sell have drafts.
    can(user, "write:Sales") ? apiReadOrFailure(request, "/v1/sales/drafts", SaleDraftListSchema) : null,
  ]);
  return { ...list, payment, drafts: drafts?.ok ? drafts.data.drafts : [] };
}
