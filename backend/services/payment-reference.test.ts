import { OUR_CHECKOUT_REFERENCE } from "../schemas/payments";
import { paymentReference } from "./sale-creation";

// The web app shows a returning tx_ref only when it has this shape (app/features/sales/payment-return.ts).
it("makes checkout references of the shape the web app recognises as ours", () => {
  for (const saleId of ["3f2a9c1e-4b5d-4c6e-8f70-123456789abc", "00000000-0000-4000-8000-000000000000"]) {
    expect(paymentReference(saleId)).toMatch(OUR_CHECKOUT_REFERENCE);
  }
});
