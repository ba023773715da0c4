import { redirect } from "@remix-run/node";
import { VerificationSchema } from "#backend/schemas/payments";
import { apiReadOrFailure } from "~/api.server";
import type { PaymentReturnMessage, VerificationOutcome } from "./payment-return";
import { paymentReturnMessage, readPaymentReturn } from "./payment-return";

/**
 * The provider's return in this request's query, verified with the API; null when there is none. The API
 * records a verified payment once, so asking again (a reload, the list handing over to the sale) is safe.
 */
export async function verifyPaymentReturn(request: Request): Promise<PaymentReturnMessage | null> {
  const query = readPaymentReturn(new URL(request.url).searchParams);
  if (!query) return null;
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

/** The same return, on the page of the sale it paid for. */
export function toSaleWithReturn(request: Request, saleId: string) {
  return redirect(`/sales/${encodeURIComponent(saleId)}${new URL(request.url).search}`);
}
