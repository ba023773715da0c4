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

/** Printed beside each figure: lenders ask which measure a portfolio report uses. */
export const DEFINITIONS = {
  account:
    "An account is a sale with at least one installment item. Active accounts are those on time, late or defaulted: not completed, cancelled, written off or repossessed.",
  creditExpiry:
    "Credit expiry: the day the device's paid credit runs out — the sale day plus the days the tokens issued for the sale bought; for a sale without tokenable devices, the due date of the oldest installment not fully paid.",
  daysLate:
    "Days late: today (Lagos) less the credit expiry, 0 while in credit. Late from 1 day; defaulted after 90 days.",
  arrears:
    "Arrears: everything due by today less everything paid, never below ₦0 (the schedule's shortfall).",
  outstanding: "Outstanding: the sale's total less everything paid.",
  par: "PAR X: the outstanding balance of active accounts more than X days late, divided by the outstanding balance of all active accounts. The whole balance of a late account counts, not only its arrears. By count: the same with accounts instead of balances.",
  writtenOff:
    "Written off: accounts closed as a loss after they defaulted, and the outstanding balance they had then less anything paid since. They are not active, so they count in no PAR figure.",
  buckets: "Active accounts by days late (days without credit); the amount is their outstanding balance.",
  collectionRate:
    "Collection rate: money received in the period towards monthly installments, divided by the monthly installments that fell due in the period. Deposits are left out of both; cancelled accounts and accounts paid off before the period began are left out.",
  firstPaymentDefault:
    "First-payment default: accounts whose first monthly installment was not fully paid within 30 days of its due date, divided by accounts whose first installment is at least 30 days past due; by sale month (the last twelve listed). Cancelled accounts are left out.",
  defaultRate:
    "Default rate: accounts that became defaulted (more than 90 days late) in the month, divided by the accounts active at the month's start.",
  vintage:
    "Vintage: for each sale month, everything paid so far divided by everything due so far, at the end of each month since the sale (month 0 is the sale month; the current month is today's figure).",
  salesOverTime:
    "Sales: units and value of the installment sales made each month (the last twelve) or week (Monday to Sunday, the last thirteen), by product category. Collections: money received for them in each, cash and online.",
  agents:
    "Per agent, the twenty with the largest outstanding balance: accounts sold, their value, the outstanding balance of the active ones and the agent's PAR 30 by balance. The filters above choose any agent.",
} as const;
