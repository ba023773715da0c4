// Values the browser shares with the API, free of zod so that pages needing only these stay small.

export const PAYMENT_METHODS = ["ONLINE", "CASH"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ID_TYPES = ["Nin", "Passport", "Driver_License", "Voter_ID", "Social_Security_Number"] as const;
export type IdType = (typeof ID_TYPES)[number];

/** Said beside the amounts wherever an instalment plan is shown (pricing.ts applies it). */
export const INSTALMENT_ROUNDING_RULE =
  "The deposit and each monthly payment are rounded to the nearest whole naira; the last monthly payment takes the difference, so the plan adds up to the total.";

/** The limits of one sale; the money rule (schemas/sale-rules.ts) is worked out from them. */
export const MAX_SALE_ITEMS = 50;
export const MAX_COSTS_PER_ITEM = 20;
export const MAX_QUANTITY = 10_000;
export const MAX_INSTALLMENT_MONTHS = 120;

// MAX_INSTALLMENT_MONTHS of simple interest at the highest monthly rate (100 %), then the highest margin.
export const MAX_PRICE_GROWTH = (1 + MAX_INSTALLMENT_MONTHS) * 2;

// A sale's costs all at this amount, in kobo and grown by MAX_PRICE_GROWTH, must stay below
// Number.MAX_SAFE_INTEGER so pricing adds them exactly (sale-rules.test.ts checks it).
export const MAX_COST_NAIRA = 100_000_000;
