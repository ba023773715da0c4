import { redirectDocument } from "@remix-run/node";
import { InitializedPaymentSchema } from "#backend/schemas/payments";
import { RecordedPaymentSchema, SaleRecordSchema } from "#backend/schemas/sales";
import { apiRead, apiWrite } from "~/api.server";
import { redirectWithSuccess } from "~/toast.server";
import type { ApiFailure } from "~/utils/error-catalogue";
import { describeFailure, firstMessage } from "~/utils/error-catalogue";
import { errorToast, invalidSubmission, parseForm, rejectedSubmission } from "~/utils/forms.server";
import {
  CASH_PAYMENT_FAILED,
  CashFormSchema,
  OnlinePaymentFormSchema,
  PAYMENT_INITIALIZATION_FAILED,
  initializationFailed,
} from "./payment-forms";
import { cashPaymentStatus } from "./sale-labels";

export const CASH_RECORDED = "Cash payment recorded successfully!";

const salePath = (saleId: string) => `/v1/sales/${encodeURIComponent(saleId)}` as const;

/** The API's words for a refusal: a field's message first, then its own message. */
function serverReason(failure: ApiFailure) {
  const fieldMessage = Object.values(failure.fieldErrors ?? {})[0]?.[0];
  return failure.status > 0 && failure.status < 500
    ? (fieldMessage ?? firstMessage(failure.message))
    : undefined;
}

/**
 * Cash received (spec 001 §4 "Cash", §5, §8): the amount and notes as typed, the status the balance
 * implies (the API decides it again), then the receipt. An amount above the balance comes back under the
 * field in the API's words; anything else in the spec's fallback.
 */
export async function recordCash(request: Request, saleId: string, formData: FormData) {
  const submission = parseForm(formData, CashFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: "cash" });
  const { amount, notes, reference } = submission.value;
  const sale = await apiRead(request, salePath(saleId), SaleRecordSchema);
  const answer = await apiWrite(
    request,
    {
      method: "POST",
      path: "/v1/sales/record-cash-payment",
      body: {
        saleId,
        paymentMethod: "CASH",
        amount,
        status: cashPaymentStatus(amount, sale.balance),
        notes,
        reference,
      },
    },
    RecordedPaymentSchema,
  );
  if (answer.ok) {
    return redirectWithSuccess(`/sales/${saleId}/payments/${answer.data.payment.id}`, CASH_RECORDED);
  }
  // This very form was recorded already (sent twice): show what it recorded rather than a refusal.
  if (reference && answer.failure.fieldErrors?.reference) {
    const now = await apiRead(request, salePath(saleId), SaleRecordSchema);
    const recorded = now.payments.find((payment) => payment.reference === reference);
    if (recorded) return redirectWithSuccess(`/sales/${saleId}/payments/${recorded.id}`, CASH_RECORDED);
  }
  const reason = serverReason(answer.failure) ?? CASH_PAYMENT_FAILED;
  if (answer.failure.fieldErrors?.amount) {
    return rejectedSubmission(submission, answer.failure, { intent: "cash", toastFor: () => reason });
  }
  return invalidSubmission(submission, {
    intent: "cash",
    formErrors: [reason],
    toast: errorToast(reason),
    status: answer.failure.status === 0 ? 503 : answer.failure.status,
  });
}

/**
 * Pay online: the API opens a checkout with the provider for the amount asked, and the browser goes to
 * the provider's page (a whole-document redirect: it is another site, or the sandbox's plain page). The
 * provider sends it back to /sales/all, which verifies the payment.
 */
export async function startOnlinePayment(request: Request, saleId: string, formData: FormData) {
  const submission = parseForm(formData, OnlinePaymentFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: "online" });
  const answer = await apiWrite(
    request,
    {
      method: "POST",
      path: "/v1/payment/initialize",
      body: {
        saleId,
        amount: submission.value.amount,
        reference: submission.value.reference,
        // Back to the address this user is on (behind a trusted proxy, its forwarded host), not APP_URL's.
        redirectUrl: new URL("/sales/all", request.url).href,
      },
    },
    InitializedPaymentSchema,
  );
  if (answer.ok) return redirectDocument(answer.data.link);
  const reason =
    serverReason(answer.failure) ?? describeFailure(answer.failure).lines[0] ?? "Internal Server Error";
  const amountErrors = answer.failure.fieldErrors?.amount;
  return invalidSubmission(submission, {
    intent: "online",
    fieldErrors: amountErrors ? { amount: amountErrors } : undefined,
    formErrors: amountErrors ? [] : [initializationFailed(reason)],
    toast: errorToast(PAYMENT_INITIALIZATION_FAILED),
    status: answer.failure.status === 0 ? 503 : answer.failure.status,
  });
}
