import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { listSchema } from "#backend/schemas/list";
import { VerificationSchema } from "#backend/schemas/payments";
import { SaleDraftListSchema } from "#backend/schemas/sale-drafts";
import type { SaleTab } from "#backend/schemas/sales";
import { SaleListItemSchema, SaleListQuerySchema, SaleStatsSchema } from "#backend/schemas/sales";
import { apiReadOrFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { loadListPage } from "~/utils/lists.server";
import { can } from "~/utils/permissions";
import type { PaymentReturnQuery, VerificationOutcome } from "./payment-return";
import { paymentReturnMessage, readPaymentReturn } from "./payment-return";

async function verifyReturn(request: Request, query: PaymentReturnQuery) {
  const answer = await apiReadOrFailure(request, "/v1/payment/verify/callback", VerificationSchema, {
    tx_ref: query.reference,
    transaction_id: query.transactionId,
    status: query.status,
  });
  const outcome: VerificationOutcome = answer.ok
    ? { ok: true, data: answer.data }
    : { ok: false, failure: answer.failure };
  return paymentReturnMessage(query, outcome);
}

const nameOnly = z.object({ name: z.string() });

const SaleRowSchema = SaleListItemSchema.pick({
  id: true,
  status: true,
  products: true,
  totalPrice: true,
  totalPaid: true,
  balance: true,
  createdAt: true,
}).extend({ customer: nameOnly, agent: nameOnly.nullable() });
export type SaleRow = z.infer<typeof SaleRowSchema>;
const SaleRowListSchema = listSchema("sales", SaleRowSchema);

// The provider's return is verified first, so the rows and counters read afterwards show its payment.
export async function saleListLoader(tab: SaleTab, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const paymentReturn = tab === "all" ? readPaymentReturn(new URL(request.url).searchParams) : null;
  const payment = paymentReturn ? await verifyReturn(request, paymentReturn) : null;
  const [list, drafts] = await Promise.all([
    loadListPage(request, user, {
      section: "sales",
      tab,
      stats: { path: "/v1/sales/stats", answer: SaleStatsSchema },
      list: { path: "/v1/sales", query: SaleListQuerySchema, answer: SaleRowListSchema },
      can: { create: "write:Sales" },
    }),
    // Only roles that sell have drafts.
    can(user, "write:Sales") ? apiReadOrFailure(request, "/v1/sales/drafts", SaleDraftListSchema) : null,
  ]);
  return { ...list, payment, drafts: drafts?.ok ? drafts.data.drafts : [] };
}
