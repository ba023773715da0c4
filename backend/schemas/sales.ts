import { z } from "zod";
import { AccountFiguresSchema } from "./portfolio";
import { PRICING_RULES } from "../constants/pricing";
import { optionalId } from "./fields";
import { decimalField } from "./form-values";
import { PaginationSchema, listSchema } from "./list";
import { PAYMENT_MODES } from "./products";
import { ID_TYPES, PAYMENT_METHODS, isCalendarDate } from "./sale-rules";
import { TokenRecordSchema } from "./token-records";

export const SALE_STATUSES = ["UNPAID", "IN_INSTALLMENT", "COMPLETED", "CANCELLED"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export { PAYMENT_METHODS } from "./sale-rules";
export type { PaymentMethod } from "./sale-rules";

// COMPLETED made the sale fully paid; INCOMPLETE leaves a balance. MISMATCHED (the provider reported
// another amount or currency) and REFUND_DUE (money for a sale already cancelled or paid) are recorded
// but never counted.
export const PAYMENT_STATUSES = [
  "COMPLETED",
  "INCOMPLETE",
  "PENDING",
  "MISMATCHED",
  "FAILED",
  "REFUND_DUE",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SALE_TABS = ["all", "new", "contract", "payment", "installment", "closed"] as const;
export type SaleTab = (typeof SALE_TABS)[number];

/** Days an instalment may be late before its customer counts as defaulting (the Customers tab). */
export const DEFAULTING_AFTER_DAYS = 30;

const dateParam = (label: string) =>
  z.string().trim().refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`).optional();

export const SaleListQuerySchema = PaginationSchema.extend({
  tab: z.enum(SALE_TABS).optional(),
  status: z.enum(SALE_STATUSES).optional(),
  startDate: dateParam("startDate"),
  endDate: dateParam("endDate"),
  customerId: optionalId(),
  agentId: optionalId(),
});
export type SaleListQuery = z.infer<typeof SaleListQuerySchema>;

const personRef = z.object({ id: z.string(), name: z.string() });

export const SaleListItemSchema = z.object({
  id: z.string(),
  /** The sale's number as people read it, "S-000123". */
  saleNumber: z.string(),
  status: z.enum(SALE_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  hasContract: z.boolean(),
  customer: personRef.extend({ email: z.string(), phone: z.string() }),
  agent: personRef.nullable(),
  products: z.array(z.string()),
  totalPrice: z.number(),
  totalPaid: z.number(),
  balance: z.number(),
  createdAt: z.string(),
});
export type SaleListItem = z.infer<typeof SaleListItemSchema>;
export const SaleListSchema = listSchema("sales", SaleListItemSchema);
export type SaleList = z.infer<typeof SaleListSchema>;

export const SaleStatsSchema = z.object({
  all: z.number(),
  active: z.number(),
  cancelled: z.number(),
  byTab: z.record(z.enum(SALE_TABS), z.number()),
});
export type SaleStats = z.infer<typeof SaleStatsSchema>;

export const SCHEDULE_STATUSES = ["PAID", "OVERDUE", "DUE", "UPCOMING"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const ScheduleEntrySchema = z.object({
  /** 0 is the deposit (or a one-off price), due on the sale's day. */
  number: z.number(),
  dueDate: z.string(),
  amount: z.number(),
  paid: z.number(),
  status: z.enum(SCHEDULE_STATUSES),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;

/** A line of the sale's statement: an instalment falling due or a payment received, in date order. */
export const StatementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(["DUE", "PAYMENT"]),
  description: z.string(),
  due: z.number(),
  paid: z.number(),
  /** The sale's total less everything paid by then. */
  outstanding: z.number(),
  /** Everything due by then less everything paid by then, never below 0. */
  arrears: z.number(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const SalePaymentRecordSchema = z.object({
  id: z.string(),
  /** The receipt's number as people read it, "R-000456". */
  receiptNumber: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string(),
  provider: z.string().nullable(),
  notes: z.string().nullable(),
  /** Why staff should look at this payment (an amount other than the one asked), or null. */
  review: z.string().nullable(),
  recordedBy: personRef.nullable(),
  date: z.string(),
  createdAt: z.string(),
});
export type SalePaymentRecord = z.infer<typeof SalePaymentRecordSchema>;

const RecipientRecordSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
});

export const SaleItemRecordSchema = z.object({
  id: z.string(),
  product: z.object({ id: z.string(), name: z.string(), category: z.string() }),
  quantity: z.number(),
  paymentMode: z.enum(PAYMENT_MODES),
  discount: z.number(),
  installmentDuration: z.number(),
  /** A percentage, as the item was set up (the sale's `installmentStartingPrice` is the amount). */
  installmentStartingPrice: z.number(),
  miscellaneousPrices: z.record(z.number()),
  saleRecipient: RecipientRecordSchema,
  basePrice: z.number(),
  discountAmount: z.number(),
  miscellaneousTotal: z.number(),
  interest: z.number(),
  margin: z.number(),
  totalPrice: z.number(),
  initialPayment: z.number(),
  monthlyPayment: z.number(),
  devices: z.array(
    z.object({
      id: z.string(),
      serialNumber: z.string(),
      hardwareModel: z.string().nullable(),
      isTokenable: z.boolean(),
      tokens: z.array(TokenRecordSchema),
    }),
  ),
});
export type SaleItemRecord = z.infer<typeof SaleItemRecordSchema>;

const IdentificationRecordSchema = z.object({
  idType: z.enum(ID_TYPES),
  idNumber: z.string(),
  issuingCountry: z.string(),
  issueDate: z.string(),
  expirationDate: z.string(),
  fullNameAsOnID: z.string(),
  addressAsOnID: z.string().optional(),
});

export const ContractRecordSchema = z.object({
  /** Shown in full only to roles that manage sales; masked (last 4 digits) for the rest. */
  bvn: z.string(),
  identification: IdentificationRecordSchema,
  nextOfKin: z.record(z.unknown()),
  guarantor: z.record(z.unknown()),
});

export const SaleRecordSchema = z.object({
  id: z.string(),
  saleNumber: z.string(),
  status: z.enum(SALE_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  applyMargin: z.boolean(),
  financialSettings: z.object({
    pricingRule: z.enum(PRICING_RULES),
    outrightMargin: z.number(),
    loanMargin: z.number(),
    monthlyInterest: z.number(),
  }),
  customer: z.object({
    id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string(),
    location: z.string(),
  }),
  agent: personRef.nullable(),
  createdBy: personRef.nullable(),
  totalPrice: z.number(),
  installmentStartingPrice: z.number(),
  totalMonthlyPayment: z.number(),
  totalPaid: z.number(),
  balance: z.number(),
  /** What to collect now: everything due by today and not paid, else the next instalment. */
  amountDueNow: z.number(),
  items: z.array(SaleItemRecordSchema),
  schedule: z.array(ScheduleEntrySchema),
  statement: z.array(StatementLineSchema),
  /** The loan book's figures for a sale with an installment item (issue 26); null otherwise. */
  account: AccountFiguresSchema.nullable(),
  contract: ContractRecordSchema.nullable(),
  payments: z.array(SalePaymentRecordSchema),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type SaleRecord = z.infer<typeof SaleRecordSchema>;

export const CreatedSaleSchema = z.object({
  sale: SaleRecordSchema,
  paymentData: z.object({
    /** Naira due now: the deposits of instalment items and the whole price of the others. */
    amount: z.number(),
    reference: z.string(),
    saleId: z.string(),
    customer: z.object({ email: z.string() }),
    currency: z.literal("NGN"),
    // The reference's names (§4.9), which its clients hand to the provider's checkout as they are.
    /** The same as `reference`: what `GET /api/v1/payment/verify/callback?tx_ref=` verifies. */
    tx_ref: z.string(),
    payment_options: z.string(),
    customizations: z.object({ title: z.string(), description: z.string(), logo: z.string() }),
    meta: z.object({ saleId: z.string() }),
  }),
});
export type CreatedSale = z.infer<typeof CreatedSaleSchema>;

// Checked by hand: zod's own required message does not survive a preprocess step.
export const PaymentAmountSchema = z.unknown().transform((value, context) => {
  const fail = (message: string) => {
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  const text = typeof value === "string" ? value.trim().replace(/,/g, "") : value;
  if (text === undefined || text === null || text === "") return fail("Payment amount is required");
  const amount =
    typeof text === "number"
      ? text
      : typeof text === "string" && /^-?\d+(\.\d+)?$/.test(text)
        ? Number(text)
        : NaN;
  if (!Number.isFinite(amount)) return fail("Payment amount must be a number");
  if (amount <= 0) return fail("Payment amount must be greater than 0");
  if (amount > 1_000_000_000_000) return fail("Payment amount is too large");
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6)
    return fail("Payment amount can have at most 2 decimals");
  return amount;
});

// `status` is what the client expects; the server decides it from the balance and answers what it decided.
export const CashPaymentSchema = z
  .object({
    saleId: z.string({ required_error: "Sale is required" }).trim().min(1, "Sale is required").max(64),
    paymentMethod: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: "Payment method is required" }) }),
    amount: PaymentAmountSchema,
    status: z.enum(["COMPLETED", "INCOMPLETE"]).optional(),
    reference: z.string().trim().max(100).optional(),
    notes: z
      .string()
      .trim()
      .max(500, "Notes must be at most 500 characters")
      .optional()
      .transform((value) => (value === "" ? undefined : value)),
  })
  .strip();
export type CashPaymentInput = z.infer<typeof CashPaymentSchema>;

export const RecordedPaymentSchema = z.object({
  payment: SalePaymentRecordSchema,
  sale: SaleRecordSchema,
});

/** Fractions (0.2 is 20 %), as the reference's clients send them. */
const fraction = (label: string) =>
  decimalField({
    min: 0,
    max: 1,
    places: 4,
    messages: {
      invalid: `${label} must be a number`,
      tooSmall: `${label} must be between 0 and 1`,
      tooLarge: `${label} must be between 0 and 1`,
      places: `${label} has too many decimals`,
    },
  });

const pricingRule = z.enum(PRICING_RULES, {
  errorMap: () => ({ message: `Pricing rule must be ${PRICING_RULES.join(" or ")}` }),
});

export const FinancialSettingsSchema = z
  .object({
    // Left out by the reference's clients, which then keep the business's rule.
    pricingRule: pricingRule.optional(),
    outrightMargin: fraction("Outright margin"),
    loanMargin: fraction("Loan margin"),
    monthlyInterest: fraction("Monthly interest"),
  })
  .strip();
export type FinancialSettingsInput = z.infer<typeof FinancialSettingsSchema>;

const percent = (label: string) =>
  decimalField({
    min: 0,
    max: 100,
    places: 2,
    messages: {
      required: `${label} is required`,
      invalid: `${label} must be a number`,
      tooSmall: `${label} must be between 0 and 100`,
      tooLarge: `${label} must be between 0 and 100`,
      places: `${label} can have at most 2 decimals`,
    },
  });

export const FinancialSettingsFormSchema = z
  .object({
    pricingRule: z.enum(PRICING_RULES, { errorMap: () => ({ message: "Choose a pricing rule" }) }),
    outrightMargin: percent("Outright margin"),
    loanMargin: percent("Loan margin"),
    monthlyInterest: percent("Monthly interest"),
  })
  .strip();
