// The loan book's words and definitions (issue 26), free of zod: the dashboard prints each definition beside
// its figure, and the browser needs them without the API's schemas.

export const ACCOUNT_STATUSES = [
  "ON_TIME",
  "LATE",
  "DEFAULTED",
  "COMPLETED",
  "CANCELLED",
  "WRITTEN_OFF",
  "REPOSSESSED",
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Accounts still being paid for: the denominator of every portfolio-at-risk figure. */
export const ACTIVE_STATUSES = ["ON_TIME", "LATE", "DEFAULTED"] as const satisfies readonly AccountStatus[];

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  ON_TIME: "On time",
  LATE: "Late",
  DEFAULTED: "Defaulted",
  COMPLETED: "Completed",
  CANCELLED: "Cancelled",
  WRITTEN_OFF: "Written off",
  REPOSSESSED: "Repossessed",
};

/** The industry's default date: more than this many days without credit. */
export const DEFAULT_AFTER_DAYS = 90;

/** Days-late buckets of active accounts; the key is what `?bucket=` takes. */
export const BUCKETS = [
  { key: "current", label: "In credit", min: 0, max: 0 },
  { key: "1-7", label: "1–7 days", min: 1, max: 7 },
  { key: "8-30", label: "8–30 days", min: 8, max: 30 },
  { key: "31-90", label: "31–90 days", min: 31, max: 90 },
  { key: "90+", label: "Over 90 days", min: 91, max: null },
] as const;
export type BucketKey = (typeof BUCKETS)[number]["key"];
export const BUCKET_KEYS = BUCKETS.map((bucket) => bucket.key) as [BucketKey, ...BucketKey[]];

export const PAR_DAYS = [1, 7, 30, 90] as const;
export type ParDays = (typeof PAR_DAYS)[number];

export const ACCOUNT_SORTS = ["daysLate", "arrears", "outstanding", "saleDate"] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];
export const ACCOUNT_SORT_LABELS: Record<AccountSort, string> = {
  daysLate: "Days late",
  arrears: "Arrears",
  outstanding: "Outstanding",
  saleDate: "Sale date",
};

/** Printed beside one account's figures, and beside the book's figures made of them. */
export const ACCOUNT_DEFINITIONS = {
  account:
    "An account is a sale with at least one installment item. Active accounts are those on time, late or defaulted: not completed, cancelled, written off or repossessed.",
  creditExpiry:
    "Credit expiry: the day the device's paid credit runs out — the sale day plus the days the tokens issued for the sale bought; for a sale without tokenable devices, the due date of the oldest installment not fully paid.",
  daysLate:
    "Days late: today (Lagos) less the credit expiry, 0 while in credit. Late from 1 day; defaulted after 90 days.",
  arrears:
    "Arrears: everything due by today less everything paid, never below ₦0 (the schedule's shortfall).",
  outstanding: "Outstanding: the sale's total less everything paid.",
} as const;
