import { z } from "zod";
import { optionalField, wholeNumberField } from "./form-values";
import { PaymentAmountSchema } from "./sales";
import { TokenRecordSchema } from "./token-records";

export { TOKEN_KINDS, TokenRecordSchema } from "./token-records";
export type { TokenKind, TokenRecord } from "./token-records";
export * from "../constants/payments";
import { CHECKOUT_REFERENCE, CHECKOUT_STATUSES, CURRENCY, PAYMENT_PROVIDERS } from "../constants/payments";

/** The amount defaults to what is due now. */
export const InitializePaymentSchema = z
  .object({
    saleId: z.string({ required_error: "Sale is required" }).trim().min(1, "Sale is required").max(64),
    amount: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      PaymentAmountSchema.optional(),
    ),
    /** The same reference sent again for the same sale and amount reopens that checkout. */
    reference: z
      .string()
      .trim()
      .regex(CHECKOUT_REFERENCE, "Reference must be 8 to 64 letters, digits or dashes")
      .optional(),
    // The web app names its own origin, so a user who opened it at another address than APP_URL comes back to
    // the same session. Without it, APP_URL's /sales/all.
    redirectUrl: z
      .string()
      .trim()
      .max(2048, "Redirect URL must be at most 2048 characters")
      .url("Redirect URL must be an absolute http(s) URL")
      .refine((value) => /^https?:\/\//i.test(value), "Redirect URL must be an absolute http(s) URL")
      .optional(),
  })
  .strip();
export type InitializePaymentInput = z.infer<typeof InitializePaymentSchema>;

export const InitializedPaymentSchema = z.object({
  link: z.string(),
  reference: z.string(),
  amount: z.number(),
  currency: z.literal(CURRENCY),
  provider: z.enum(PAYMENT_PROVIDERS),
  publicKey: z.string().nullable(),
  saleId: z.string(),
  customer: z.object({ email: z.string(), name: z.string(), phone: z.string() }),
});
export type InitializedPayment = z.infer<typeof InitializedPaymentSchema>;

const queryText = z.string().trim().max(200).optional();

/** The spec's `txref`/`transactionid` and the provider's redirect names `tx_ref`/`transaction_id`. */
export const VerifyCallbackQuerySchema = z
  .object({
    txref: queryText,
    tx_ref: queryText,
    transaction_id: queryText,
    transactionid: queryText,
    status: queryText,
  })
  .transform((query) => ({
    reference: query.txref || query.tx_ref || undefined,
    transactionId: query.transaction_id || query.transactionid || undefined,
    status: query.status || undefined,
  }))
  .refine((query) => query.reference || query.transactionId, {
    message: "Payment reference is required",
    path: ["txref"],
  });
export type VerifyCallbackQuery = z.output<typeof VerifyCallbackQuerySchema>;

export const VERIFICATION_PAYMENT_STATUSES = ["COMPLETED", "INCOMPLETE", "PENDING"] as const;

export const VerificationSchema = z.object({
  status: z.enum(["success", "processing"]),
  paymentStatus: z.enum(VERIFICATION_PAYMENT_STATUSES),
  amount: z.number(),
  message: z.string(),
  reference: z.string(),
  saleId: z.string(),
  paymentId: z.string().nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/** Flutterwave's webhook body: only what is needed to look the transaction up again. */
export const WebhookBodySchema = z.object({
  event: z.string().max(100).optional(),
  data: z.object({
    id: z.union([
      z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      z
        .string()
        .trim()
        .regex(/^\d{1,20}$/),
    ]),
    tx_ref: z.string().trim().min(1).max(200),
    status: z.string().max(50).optional(),
  }),
});

export const SandboxDecisionSchema = z
  .object({
    decision: z.enum(["pay", "cancel"], { errorMap: () => ({ message: "Choose Pay or Cancel" }) }),
    amount: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      PaymentAmountSchema.optional(),
    ),
  })
  .strip();
export type SandboxDecision = z.output<typeof SandboxDecisionSchema>;

/** No customer details: it is a staff screen. */
export const SandboxCheckoutSchema = z.object({
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  saleId: z.string(),
});
export type SandboxCheckout = z.infer<typeof SandboxCheckoutSchema>;

export const SandboxOutcomeSchema = z.object({
  status: z.enum(["successful", "cancelled"]),
  tx_ref: z.string(),
  transaction_id: z.string().nullable(),
  /** Where the checkout returns to, as a real provider returns to the redirect URL it was given. */
  saleId: z.string(),
});
export type SandboxOutcome = z.infer<typeof SandboxOutcomeSchema>;

/** Days or unlock: the device page's token form, and the sale page's with the device chosen. */
export const TOKEN_FIELDS = {
  // A real number or its text: `true` or `[1]` is not one day.
  days: optionalField(
    wholeNumberField({
      required: "Days must be a whole number",
      notWhole: "Days must be a whole number",
      tooSmall: "Days must be at least 1",
      tooLarge: "Days must be at most 995",
      max: 995,
    }),
  ),
  unlock: z
    .union([z.boolean(), z.enum(["true", "false", "on"])])
    .transform((value) => value === true || value === "true" || value === "on")
    .optional(),
};

export const daysOrUnlock = <Input extends { days?: number; unlock?: boolean }>(input: Input) =>
  Boolean(input.unlock) !== (input.days !== undefined);
export const DAYS_OR_UNLOCK = { message: "Give either a number of days or unlock", path: ["days"] };

export const GenerateTokenSchema = z.object(TOKEN_FIELDS).strip().refine(daysOrUnlock, DAYS_OR_UNLOCK);
export type GenerateTokenInput = z.output<typeof GenerateTokenSchema>;

export const GeneratedTokenSchema = z.object({
  token: z.string(),
  count: z.number(),
  days: z.number().nullable(),
  record: TokenRecordSchema,
});
