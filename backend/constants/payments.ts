// Values the browser shares with the API, free of zod so that pages needing only these stay small.

import type { PaymentStatus } from "../schemas/sales";

export const PAYMENT_PROVIDERS = ["sandbox", "flutterwave"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

// PENDING until the provider answers; MISMATCHED when it reported another amount or currency.
export const CHECKOUT_STATUSES = ["PENDING", "PAID", "MISMATCHED", "FAILED", "CANCELLED"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Only naira is sold (spec §1). */
export const CURRENCY = "NGN";

export const MISMATCH_MESSAGE = "Amount paid differs from the amount due: not counted";
export const NOT_SUCCESSFUL_MESSAGE = "Payment was not successful. Please try again.";

export const CHECKOUT_REFERENCE = /^[A-Za-z0-9-]{8,64}$/;
// `sale-` and the sale id's first 8 characters, then the API's or the payment page's suffix. A tx_ref of
// another shape in a URL was not made here: the web app never shows it as a payment reference.
export const OUR_CHECKOUT_REFERENCE = /^sale-[0-9a-f]{8}-(?:[0-9a-f]{12}|[0-9a-z]{8,9}-[0-9a-f]{6})$/;
export const REFERENCE_TAKEN = "This reference belongs to another payment";

/** The verification's words for money received and counted (the web app tones its notice by them). */
export const VERIFIED_PAID_IN_FULL = "Payment verified: the sale is fully paid";
export const VERIFIED_BALANCE_REMAINS = "Payment verified: a balance remains on the sale";

/** Beside a payment whose verified amount differed from the amount asked (counted, but to be checked). */
export const DIFFERENT_AMOUNT_REVIEW = "Paid another amount than asked: check it with the customer";

/** The card payment provider needs the payer's e-mail; a customer may have none. */
export const NO_EMAIL_FOR_CARD =
  "This customer has no e-mail address, which card payments need: add one on the customer's page, or record a cash payment";

/** Money received towards the sale: a part payment ("Incomplete", the spec's word) as much as a full one. */
export function isCounted(status: PaymentStatus) {
  return status === "COMPLETED" || status === "INCOMPLETE";
}
