import { randomBytes } from "node:crypto";

/** Starts with the sale's id, like the API's own, so a failed return can still find the sale. */
export const newCheckoutReference = (saleId: string) =>
  `sale-${saleId.slice(0, 8)}-${randomBytes(6).toString("hex")}`;
