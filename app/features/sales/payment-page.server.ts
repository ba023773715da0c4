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

function serverReason(failure: ApiFailure) {
  const fieldMessage = Object.values(failure.fieldErrors ?? {})[0]?.[0];
  return failure.status > 0 && failure.status < 500
    ? (fieldMessage ?? firstMessage(failure.message))
    : undefined;
}

/** Spec 001 §4: the API decides the status again; an amount above the balance comes back under the field. */
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

// A whole-document redirect: the provider's page is another site (or the sandbox's plain page).
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
        // Back to this sale, at the address this user is on (behind a trusted proxy, its forwarded host),
        // not APP_URL's. The provider adds its own query (status, tx_ref, transaction_id).
        redirectUrl: new URL(`/sales/${encodeURIComponent(saleId)}`, request.url).href,
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
