import { z } from "zod";
import { ACCOUNT_SORTS, ACCOUNT_STATUSES, BUCKET_KEYS } from "../constants/portfolio";
import { PaginationSchema, listSchema } from "./list";

export * from "../constants/portfolio";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const id = (name: string) => z.string().trim().min(1).max(64, `${name} is too long`).optional();
/** A calendar day (YYYY-MM-DD) that exists. */
export const calendarDay = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be a date` })
    .trim()
    .regex(DAY, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      // JavaScript rolls 31 February over into March; a calendar day must read back the same.
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
    }, `${label} must be a real date`);
const day = (name: string) => calendarDay(name).optional();

/** The filters every portfolio figure and the account list take. */
export const PortfolioFiltersSchema = z.object({
  from: day("from"),
  to: day("to"),
  productId: id("productId"),
  categoryId: id("categoryId"),
  agentId: id("agentId"),
  location: z.string().trim().max(100, "location is too long").optional(),
  cohort: z.string().trim().regex(MONTH, "cohort must be a month (YYYY-MM)").optional(),
});
export type PortfolioFilters = z.infer<typeof PortfolioFiltersSchema>;

export const AccountListQuerySchema = PaginationSchema.merge(PortfolioFiltersSchema).extend({
  bucket: z.enum(BUCKET_KEYS).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  /** Accounts more than this many days late (a PAR tile's accounts). */
  lateOver: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Accounts whose first installment was not paid within 30 days of its due date (the FPD tile's). */
  firstPaymentDefault: z.enum(["true"]).optional(),
  /** Only accounts still being paid for: on time, late or defaulted. */
  active: z.enum(["true"]).optional(),
  /** Accounts whose credit ran out yesterday: late from today (the Action Center's). */
  newlyLate: z.enum(["true"]).optional(),
  sort: z.enum(ACCOUNT_SORTS).default("daysLate"),
});
export type AccountListQuery = z.infer<typeof AccountListQuerySchema>;

export const AccountExportQuerySchema = AccountListQuerySchema.omit({ page: true, limit: true });
export type AccountExportQuery = z.infer<typeof AccountExportQuerySchema>;

const ratio = z.object({ numerator: z.number(), denominator: z.number(), rate: z.number().nullable() });
export type Ratio = z.infer<typeof ratio>;

export const PortfolioSummarySchema = z.object({
  asOf: z.string(),
  /** When the history figures (first-payment default, default rate, vintage, sales and collections) were worked out. */
  historyComputedAt: z.string(),
  active: z.object({ count: z.number(), outstanding: z.number() }),
  /** Written-off accounts and the outstanding balance they left the book with (issue 27). */
  writtenOff: z.object({ count: z.number(), outstanding: z.number() }),
  par: z.array(
    z.object({
      days: z.number(),
      byBalance: ratio,
      byCount: ratio,
    }),
  ),
  buckets: z.array(
    z.object({ key: z.enum(BUCKET_KEYS), label: z.string(), count: z.number(), outstanding: z.number() }),
  ),
  collection: z.array(
    z.object({
      key: z.enum(["thisMonth", "lastMonth", "trailing3"]),
      label: z.string(),
      from: z.string(),
      to: z.string(),
      collected: z.number(),
      scheduled: z.number(),
      rate: z.number().nullable(),
    }),
  ),
  firstPaymentDefault: z.object({
    overall: ratio,
    byCohort: z.array(
      z.object({
        cohort: z.string(),
        defaults: z.number(),
        eligible: z.number(),
        rate: z.number().nullable(),
      }),
    ),
  }),
  defaultRate: z.array(
    z.object({
      month: z.string(),
      defaulted: z.number(),
      activeAtStart: z.number(),
      rate: z.number().nullable(),
    }),
  ),
  vintage: z.array(
    z.object({
      cohort: z.string(),
      points: z.array(
        z.object({ month: z.number(), paid: z.number(), expected: z.number(), ratio: z.number().nullable() }),
      ),
    }),
  ),
  sales: z.array(z.object({ month: z.string(), category: z.string(), units: z.number(), value: z.number() })),
  collections: z.array(z.object({ month: z.string(), cash: z.number(), online: z.number() })),
  /** The same by week (Monday to Sunday) over the last thirteen; `week` is its Monday. */
  weeklySales: z.array(
    z.object({ week: z.string(), category: z.string(), units: z.number(), value: z.number() }),
  ),
  weeklyCollections: z.array(z.object({ week: z.string(), cash: z.number(), online: z.number() })),
  agents: z.array(
    z.object({
      agentId: z.string().nullable(),
      name: z.string(),
      accounts: z.number(),
      value: z.number(),
      outstanding: z.number(),
      par30: ratio,
    }),
  ),
});
export type PortfolioSummary = z.infer<typeof PortfolioSummarySchema>;

export const AccountRecordSchema = z.object({
  saleId: z.string(),
  saleNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  phone: z.string(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  products: z.string(),
  saleDate: z.string(),
  total: z.number(),
  paid: z.number(),
  outstanding: z.number(),
  arrears: z.number(),
  expected: z.number(),
  daysLate: z.number(),
  creditExpiry: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  lastPaymentOn: z.string().nullable(),
});
export type AccountRecord = z.infer<typeof AccountRecordSchema>;

export const AccountListSchema = listSchema("accounts", AccountRecordSchema);
export type AccountList = z.infer<typeof AccountListSchema>;

/** An account's figures as a sale or customer page shows them. */
export const AccountFiguresSchema = AccountRecordSchema.pick({
  outstanding: true,
  arrears: true,
  expected: true,
  paid: true,
  daysLate: true,
  creditExpiry: true,
  status: true,
  lastPaymentOn: true,
});
export type AccountFigures = z.infer<typeof AccountFiguresSchema>;

/** What the filter form offers: only agents, products and categories the book has accounts of. */
export const PortfolioOptionsSchema = z.object({
  agents: z.array(z.object({ id: z.string(), name: z.string() })),
  products: z.array(z.object({ id: z.string(), name: z.string() })),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PortfolioOptions = z.infer<typeof PortfolioOptionsSchema>;

export const CustomerAccountsSchema = z.object({ accounts: z.array(AccountRecordSchema) });
export type CustomerAccounts = z.infer<typeof CustomerAccountsSchema>;
