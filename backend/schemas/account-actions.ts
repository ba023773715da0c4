import { z } from "zod";
import {
  ACCOUNT_EVENT_KINDS,
  DELAY_MAX_DAYS,
  REASON_MAX,
  REPOSSESSION_OUTCOMES,
  RESTRUCTURE_MAX_INSTALLMENTS,
  SWAP_DESTINATIONS,
  ACTION_ERRORS,
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

const requiredReason = requiredText("Reason is required").pipe(
  z.string().max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
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
  .strip();
export type DelayInput = z.infer<typeof DelaySchema>;

/** Marking defaulted and undoing it: an optional reason. */
export const DefaultSchema = z.object({ reason: optionalReason }).strip();
export type DefaultInput = z.infer<typeof DefaultSchema>;

export const WriteOffSchema = z.object({ reason: requiredReason }).strip();
export type WriteOffInput = z.infer<typeof WriteOffSchema>;

/** A token from the sale page: the sale's device and, as on the device page, days or unlock. */
export const SaleTokenSchema = z
  .object({ deviceId: requiredText("Choose a device"), ...TOKEN_FIELDS })
  .strip()
  .refine(daysOrUnlock, DAYS_OR_UNLOCK);
export type SaleTokenInput = z.infer<typeof SaleTokenSchema>;

/** Resending the last token: nothing to fill in. */
export const ResendTokenSchema = z.object({}).strip();

/** A unit back in stock: the returned-class item it goes under, what it is worth now and its resale price. */
const RETURNED_STOCK_FIELDS = {
  returnedItemId: optionalField(z.string().trim().min(1).max(100)),
  unitCost: optionalField(nairaField("Value of the returned unit")),
  resalePrice: optionalField(nairaField("Resale price")),
};

/** Those fields, required when the unit does go back to stock. */
function requireReturnedStock(
  value: { returnedItemId?: string; unitCost?: number; resalePrice?: number },
  context: z.RefinementCtx,
) {
  const messages = {
    returnedItemId: "Choose the returned stock item",
    unitCost: "Value of the returned unit is required",
    resalePrice: "Resale price is required",
  } as const;
  for (const [field, message] of Object.entries(messages))
    if (value[field as keyof typeof messages] === undefined)
      context.addIssue({ code: "custom", path: [field], message });
}

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
    ...RETURNED_STOCK_FIELDS,
  })
  .strip()
  .superRefine((value, context) => {
    const need = (field: keyof typeof value, message: string) => {
      if (value[field] === undefined) context.addIssue({ code: "custom", path: [field], message });
    };
    if (value.outcome === "PROMISED") {
      need("promiseAmount", "Promised amount is required");
      need("promiseDate", "Promise date is required");
    }
    if (value.outcome === "COLLECTED") requireReturnedStock(value, context);
  });
export type RepossessionInput = z.infer<typeof RepossessionSchema>;

/**
 * New terms for what is still unpaid: a number of installments or a monthly amount (naira), the first due
 * date, and why. `unpaid` (naira) is the balance the schedule was shown for: a changed one is refused.
 */
export const RestructureSchema = z
  .object({
    installments: optionalField(
      wholeNumberField({
        required: "Number of installments is required",
        notWhole: "Number of installments must be a whole number",
        tooSmall: "Number of installments must be at least 1",
        tooLarge: `Number of installments must be at most ${RESTRUCTURE_MAX_INSTALLMENTS}`,
        max: RESTRUCTURE_MAX_INSTALLMENTS,
      }),
    ),
    monthlyAmount: optionalField(nairaField("Monthly amount")),
    firstDueDate: calendarDay("First due date"),
    reason: requiredReason,
    unpaid: optionalField(nairaField("Unpaid balance")),
  })
  .strip()
  .superRefine((value, context) => {
    if (value.installments === undefined && value.monthlyAmount === undefined)
      context.addIssue({ code: "custom", path: ["installments"], message: ACTION_ERRORS.noTerms });
    if (value.installments !== undefined && value.monthlyAmount !== undefined)
      context.addIssue({ code: "custom", path: ["monthlyAmount"], message: ACTION_ERRORS.bothTerms });
  });
export type RestructureInput = z.infer<typeof RestructureSchema>;

const ScheduleLineSchema = z.object({ number: z.number(), dueDate: z.string(), amount: z.number() });

/** The schedule a restructure would give, before it is saved; amounts in naira. */
export const RestructurePreviewSchema = z.object({
  unpaid: z.number(),
  monthly: z.number(),
  /** The rows that stay: paid ones, and the paid part of a partly paid one. */
  kept: z.array(ScheduleLineSchema),
  /** The new rows for what is unpaid. */
  schedule: z.array(ScheduleLineSchema),
  /** The rows they replace. */
  replaced: z.array(ScheduleLineSchema),
  creditUntil: z.string().nullable(),
});
export type RestructurePreview = z.infer<typeof RestructurePreviewSchema>;

/**
 * A device swap: the sale's device replaced, the new one named by its serial number (it must be in stock),
 * and where the old one goes; back to stock as returned needs the returned-class item, value and price.
 */
export const SwapSchema = z
  .object({
    oldDeviceId: requiredText("Choose the device to replace").pipe(z.string().max(100)),
    newSerialNumber: requiredText("Serial number of the new device is required").pipe(
      z.string().max(100, "Serial number must be at most 100 characters"),
    ),
    destination: z.enum(SWAP_DESTINATIONS, {
      errorMap: () => ({ message: "Choose where the old device goes" }),
    }),
    ...RETURNED_STOCK_FIELDS,
    reason: requiredReason,
  })
  .strip()
  .superRefine((value, context) => {
    if (value.destination === "RETURNED") requireReturnedStock(value, context);
  });
export type SwapInput = z.infer<typeof SwapSchema>;

export const CancelSchema = z
  .object({
    reason: requiredReason,
    refund: nairaField("Refund due", { allowZero: true }),
  })
  .strip();
export type CancelInput = z.infer<typeof CancelSchema>;

/** Accepting an early payoff: the quoted amount (naira) as shown, so a changed balance is not paid blind. */
export const PayoffSchema = z
  .object({
    amount: nairaField("Amount"),
    reference: optionalField(z.string().trim().max(100, "Reference must be at most 100 characters")),
  })
  .strip();
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
  /** A restructure's old schedule (naira), as it was before. */
  schedule: z.array(ScheduleLineSchema).nullable(),
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
  restructure: RestructureSchema,
  swap: SwapSchema,
} as const;
