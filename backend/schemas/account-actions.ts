import { z } from "zod";
import {
  ACCOUNT_EVENT_KINDS,
  DELAY_MAX_DAYS,
  REASON_MAX,
  REPOSSESSION_OUTCOMES,
} from "../constants/account-actions";
import { requiredText } from "./fields";
import { optionalField, wholeNumberField } from "./form-values";
import { DAYS_OR_UNLOCK, TOKEN_FIELDS, daysOrUnlock } from "./payments";
import { nairaField } from "./money";
import { AccountRecordSchema, calendarDay } from "./portfolio";

// Contract actions on an account (issue 27 §2): one schema per form, shared by the page, its action and
// the API route.

const optionalReason = optionalField(
  z.string().trim().max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
);

export const DelaySchema = z
  .object({
    days: wholeNumberField({
      required: "Days is required",
      notWhole: "Days must be a whole number",
      tooSmall: "Days must be at least 1",
      tooLarge: `Days must be at most ${DELAY_MAX_DAYS}`,
      max: DELAY_MAX_DAYS,
    }),
    reason: optionalReason,
  })
  .strict();
export type DelayInput = z.infer<typeof DelaySchema>;

/** Marking defaulted and undoing it: an optional reason. */
export const DefaultSchema = z.object({ reason: optionalReason }).strict();
export type DefaultInput = z.infer<typeof DefaultSchema>;

export const WriteOffSchema = z
  .object({
    reason: requiredText("Reason is required").pipe(
      z.string().max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
    ),
  })
  .strict();
export type WriteOffInput = z.infer<typeof WriteOffSchema>;

/** A token from the sale page: the sale's device and, as on the device page, days or unlock. */
export const SaleTokenSchema = z
  .object({ deviceId: requiredText("Choose a device"), ...TOKEN_FIELDS })
  .strict()
  .refine(daysOrUnlock, DAYS_OR_UNLOCK);
export type SaleTokenInput = z.infer<typeof SaleTokenSchema>;

/** Resending the last token: nothing to fill in. */
export const ResendTokenSchema = z.object({}).strict();

/**
 * A visit to take the unit back. "Promised to pay" carries the promise (amount in naira, date); "Collected"
 * the returned stock item the unit goes back under, what it is worth now and its resale price (naira).
 */
export const RepossessionSchema = z
  .object({
    outcome: z.enum(REPOSSESSION_OUTCOMES, { errorMap: () => ({ message: "Choose what the visit found" }) }),
    note: optionalReason,
    promiseAmount: optionalField(nairaField("Promised amount")),
    promiseDate: optionalField(calendarDay("Promise date")),
    returnedItemId: optionalField(z.string().trim().min(1).max(100)),
    unitCost: optionalField(nairaField("Value of the returned unit")),
    resalePrice: optionalField(nairaField("Resale price")),
  })
  .strict()
  .superRefine((value, context) => {
    const need = (field: keyof typeof value, message: string) => {
      if (value[field] === undefined) context.addIssue({ code: "custom", path: [field], message });
    };
    if (value.outcome === "PROMISED") {
      need("promiseAmount", "Promised amount is required");
      need("promiseDate", "Promise date is required");
    }
    if (value.outcome === "COLLECTED") {
      need("returnedItemId", "Choose the returned stock item");
      need("unitCost", "Value of the returned unit is required");
      need("resalePrice", "Resale price is required");
    }
  });
export type RepossessionInput = z.infer<typeof RepossessionSchema>;

export const CancelSchema = z
  .object({
    reason: requiredText("Reason is required").pipe(
      z.string().max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
    ),
    refund: nairaField("Refund due", { allowZero: true }),
  })
  .strict();
export type CancelInput = z.infer<typeof CancelSchema>;

/** Accepting an early payoff: the quoted amount (naira) as shown, so a changed balance is not paid blind. */
export const PayoffSchema = z
  .object({
    amount: nairaField("Amount"),
    reference: optionalField(z.string().trim().max(100, "Reference must be at most 100 characters")),
  })
  .strict();
export type PayoffInput = z.infer<typeof PayoffSchema>;

export const PayoffQuoteSchema = z.object({
  outstanding: z.number(),
  discount: z.number(),
  amount: z.number(),
  rule: z.string(),
});
export type PayoffQuote = z.infer<typeof PayoffQuoteSchema>;

const change = z.record(z.union([z.string(), z.number(), z.null()])).nullable();

export const AccountEventSchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_EVENT_KINDS),
  summary: z.string(),
  reason: z.string().nullable(),
  before: change,
  after: change,
  staff: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AccountEvent = z.infer<typeof AccountEventSchema>;

export const TimelineSchema = z.object({ events: z.array(AccountEventSchema) });
export type Timeline = z.infer<typeof TimelineSchema>;

/** What an action answers: the account after it, and the event it added. */
export const ActionResultSchema = z.object({
  account: AccountRecordSchema,
  event: AccountEventSchema,
});
export type ActionResult = z.infer<typeof ActionResultSchema>;

/** Each action page's form schema, by the action's key in its address: the page and its action share it. */
export const ACCOUNT_ACTION_SCHEMAS = {
  delay: DelaySchema,
  default: DefaultSchema,
  "undo-default": DefaultSchema,
  "write-off": WriteOffSchema,
  token: SaleTokenSchema,
  "resend-token": ResendTokenSchema,
  repossess: RepossessionSchema,
  payoff: PayoffSchema,
  cancel: CancelSchema,
} as const;
