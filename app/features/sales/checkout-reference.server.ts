import { randomBytes } from "node:crypto";

/**
 * The online checkout's reference, shown on the Payment Details card before Pay Now opens it; it starts
 * with the sale's id, like the API's own, so a failed return can still find the sale (its shape is
 * OUR_CHECKOUT_REFERENCE).
 */
export const newCheckoutReference = (saleId: string) =>
  `sale-${saleId.slice(0, 8)}-${randomBytes(6).toString("hex")}`;
