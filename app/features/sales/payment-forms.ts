import { z } from "zod";
import { CashPaymentSchema, PaymentAmountSchema } from "#backend/schemas/sales";
import { CHECKOUT_REFERENCE } from "#backend/constants/payments";
import { SandboxDecisionSchema } from "#backend/schemas/payments";

// `reference` is made once per form, so a form sent twice (a double click, a reload) is recorded once.
export const CashFormSchema = CashPaymentSchema.pick({ amount: true, notes: true, reference: true });

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
    reference: z.string().regex(CHECKOUT_REFERENCE).optional(),
  })
  .strict();

export const CASH_PAYMENT_FAILED = "Failed to process cash payment. Please try again.";
export const PAYMENT_INITIALIZATION_FAILED = "Payment initialization failed";
export const initializationFailed = (reason: string) => `Failed to initialize payment: ${reason}`;

/** The amount may differ from what was asked, so a mismatch can be tried. */
export const SandboxCheckoutFormSchema = SandboxDecisionSchema.pick({ amount: true });
