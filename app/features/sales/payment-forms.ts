import { z } from "zod";
import { CashPaymentSchema, PaymentAmountSchema } from "#backend/schemas/sales";
import { CHECKOUT_REFERENCE, SandboxDecisionSchema } from "#backend/schemas/payments";

/**
 * The payment page's two forms. The cash form is the API's own cash schema without what the page knows
 * itself (the sale, the method, the status); `reference` is hidden and made once per form, so a form
 * sent twice (a double click, a reload after a slow answer) is recorded once.
 */
export const CashFormSchema = CashPaymentSchema.pick({ amount: true, notes: true, reference: true });

/** Spec 001 §5 'Payment popup pre-checks': an amount above 0. */
export const INVALID_PAYMENT_AMOUNT = "Invalid payment amount. Amount must be greater than 0.";

/** Failures of the amount that are not about it being missing or not above 0 keep their own words. */
const OWN_WORDS = new Set(["Payment amount can have at most 2 decimals", "Payment amount is too large"]);

export const OnlinePaymentFormSchema = z
  .object({
    amount: z.unknown().transform((value, context) => {
      const parsed = PaymentAmountSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      const message = parsed.error.issues[0]?.message ?? "";
      context.addIssue({
        code: "custom",
        message: OWN_WORDS.has(message) ? message : INVALID_PAYMENT_AMOUNT,
      });
      return z.NEVER;
    }),
    /** The checkout's reference, made with the page (the card shows it). */
    reference: z.string().regex(CHECKOUT_REFERENCE).optional(),
  })
  .strict();

export const CASH_PAYMENT_FAILED = "Failed to process cash payment. Please try again.";
export const PAYMENT_INITIALIZATION_FAILED = "Payment initialization failed";
export const initializationFailed = (reason: string) => `Failed to initialize payment: ${reason}`;

/**
 * The sandbox checkout's form (app/routes/_app.payment.sandbox.$reference.tsx): the amount to "pay", which
 * may differ from what was asked so a mismatch can be tried; Pay or Cancel is the button's intent.
 */
export const SandboxCheckoutFormSchema = SandboxDecisionSchema.pick({ amount: true });
