import { OUR_CHECKOUT_REFERENCE, VERIFIED_BALANCE_REMAINS } from "#backend/constants/payments";
import type { Verification } from "#backend/schemas/payments";

// The provider's return (`tx_ref`, `transaction_id`, `status`) and the API's verification, as one message.

export const PAYMENT_RETURN_MESSAGES = {
  cancelled: "Payment was cancelled",
  failedPayment: "Payment failed. Please try again.",
  notFound: "Payment verification endpoint not found. Please contact support.",
  serverError: "Server error during payment verification. Please contact support.",
  failedWith: (message: string) => `Payment verification failed: ${message}`,
  failed: "Payment verification failed. Please contact support.",
  completedButUnverified: (reference: string) =>
    `Payment completed but verification failed. Please contact support with reference: ${reference}`,
} as const;

export type PaymentReturnQuery = {
  reference: string | null;
  transactionId: string | null;
  status: string | null;
};

const QUERY_TEXT_LIMIT = 200;

function queryValue(params: URLSearchParams, ...names: string[]) {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value.slice(0, QUERY_TEXT_LIMIT);
  }
  return null;
}

/** Flutterwave's transaction ids are numbers; the sandbox's are UUIDs. */
const TRANSACTION_ID = /^(?:\d{1,20}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A reference this system made, or null: anything else in a URL is someone's text, never shown as ours. */
export const ourReference = (text: string | null) =>
  text && OUR_CHECKOUT_REFERENCE.test(text) ? text : null;

// Anyone can craft such a link (`?tx_ref=CALL 0800…&status=successful`) and staff trust the banner:
// a reference or transaction id not of our providers' shapes counts as absent.
export function readPaymentReturn(params: URLSearchParams): PaymentReturnQuery | null {
  const reference = ourReference(queryValue(params, "tx_ref", "txref"));
  const transactionId = queryValue(params, "transaction_id", "transactionid");
  const knownTransaction = transactionId && TRANSACTION_ID.test(transactionId) ? transactionId : null;
  if (!reference && !knownTransaction) return null;
  return {
    reference,
    transactionId: knownTransaction,
    status: queryValue(params, "status")?.toLowerCase() ?? null,
  };
}

export type VerificationOutcome =
  { ok: true; data: Verification } | { ok: false; failure: { status: number; message?: string | string[] } };

export type PaymentReturnMessage = {
  tone: "success" | "warning" | "info" | "error";
  message: string;
  detail: string | null;
  reference: string | null;
  saleId: string | null;
};

const PROVIDER_SAID_PAID = new Set(["successful", "success", "completed"]);

function firstLine(message: string | string[] | undefined) {
  const lines = (Array.isArray(message) ? message : message ? [message] : []).filter((line) => line.trim());
  return lines[0] ?? null;
}

export function verificationFailureMessage(failure: { status: number; message?: string | string[] }) {
  if (failure.status === 404) return PAYMENT_RETURN_MESSAGES.notFound;
  if (failure.status === 500) return PAYMENT_RETURN_MESSAGES.serverError;
  const message = failure.status > 0 ? firstLine(failure.message) : null;
  return message ? PAYMENT_RETURN_MESSAGES.failedWith(message) : PAYMENT_RETURN_MESSAGES.failed;
}

export function paymentReturnMessage(
  query: PaymentReturnQuery,
  outcome: VerificationOutcome,
): PaymentReturnMessage {
  if (outcome.ok) {
    const { data } = outcome;
    // Money received and counted is good news, whether or not a balance remains; a payment to check
    // (another amount, or one due back) is a warning; not yet confirmed is for information.
    const tone =
      data.paymentStatus === "COMPLETED" || data.message === VERIFIED_BALANCE_REMAINS
        ? "success"
        : data.paymentStatus === "INCOMPLETE"
          ? "warning"
          : "info";
    // A checkout the API was asked to name itself may carry any reference: shown only if it is ours.
    return {
      tone,
      message: data.message,
      detail: null,
      reference: ourReference(data.reference),
      saleId: data.saleId,
    };
  }
  const reference = query.reference ?? query.transactionId;
  if (query.status === "cancelled") {
    return {
      tone: "info",
      message: PAYMENT_RETURN_MESSAGES.cancelled,
      detail: null,
      reference,
      saleId: null,
    };
  }
  if (query.status === "failed") {
    return {
      tone: "error",
      message: PAYMENT_RETURN_MESSAGES.failedPayment,
      detail: null,
      reference,
      saleId: null,
    };
  }
  const why = verificationFailureMessage(outcome.failure);
  if (query.status && PROVIDER_SAID_PAID.has(query.status)) {
    return {
      tone: "error",
      message: PAYMENT_RETURN_MESSAGES.completedButUnverified(reference ?? ""),
      detail: why,
      reference,
      saleId: null,
    };
  }
  return { tone: "error", message: why, detail: null, reference, saleId: null };
}

// Our references start with the sale's first eight characters, so the list can still be searched for it.
export function saleSearchFromReference(reference: string | null) {
  const match = reference ? /^sale-([0-9a-z]{8})-/i.exec(reference) : null;
  return match ? match[1] : null;
}
