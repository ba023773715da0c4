/**
 * Sale pricing (reference §5.3–§5.4), on integer kobo, pure so the screens' summary, the API and the batch
 * upload all price a sale the same way. Rounding (docs/decisions/017): every derived amount is rounded to
 * the nearest kobo, halves up, at the step that produces it; the monthly amount is rounded the same way and
 * the last instalment absorbs what rounding left, so the schedule adds up to the total exactly.
 */

/** Margins and interest in basis points (1 % = 100): 0.2 / 0.15 / 0.04 are 2000 / 1500 / 400. */
export type FinancialSettings = {
  outrightMarginBps: number;
  loanMarginBps: number;
  monthlyInterestBps: number;
};

export const DEFAULT_FINANCIAL_SETTINGS: FinancialSettings = {
  outrightMarginBps: 2000,
  loanMarginBps: 1500,
  monthlyInterestBps: 400,
};

/** Units taken from one batch and the unit price they were taken at. */
export type Allocation = { batchId: string; quantity: number; unitPriceKobo: number };

/** A batch that still holds stock, oldest first as the caller reads it. */
export type StockBatch = {
  batchId: string;
  remaining: number;
  priceKobo: number;
  costKobo: number | null;
};

export class InsufficientStock extends Error {
  constructor(readonly missing: number) {
    super(`${missing} unit(s) short`);
    this.name = "InsufficientStock";
  }
}

/**
 * FIFO over batches (oldest first): `needed` units, each priced at the batch's selling price, or its cost
 * when margins are applied (reference §5.3).
 */
export function allocateFifo(batches: StockBatch[], needed: number, applyMargin: boolean): Allocation[] {
  const allocations: Allocation[] = [];
  let left = needed;
  for (const batch of batches) {
    if (left === 0) break;
    const take = Math.min(batch.remaining, left);
    if (take <= 0) continue;
    allocations.push({
      batchId: batch.batchId,
      quantity: take,
      unitPriceKobo: applyMargin ? (batch.costKobo ?? 0) : batch.priceKobo,
    });
    left -= take;
  }
  if (left > 0) throw new InsufficientStock(left);
  return allocations;
}

/** Half-up rounding of a non-negative amount to whole kobo. */
const roundKobo = (value: number) => Math.floor(value + 0.5 + 1e-9);
/** `amount × bps / 10 000`, rounded to kobo. */
const share = (amountKobo: number, bps: number) => roundKobo((amountKobo * bps) / 10_000);

export type PaymentMode = "ONE_OFF" | "INSTALLMENT";

export type ItemTerms = {
  paymentMode: PaymentMode;
  /** Percent off the batch base only (not off miscellaneous costs), 0–100. */
  discountPercent: number;
  miscellaneousKobo: number[];
  /** Months, for INSTALLMENT. */
  installmentDuration?: number;
  /** Percent of the item's total paid as the deposit, for INSTALLMENT. */
  installmentStartingPercent?: number;
};

export type ItemPrice = {
  baseKobo: number;
  discountKobo: number;
  miscellaneousKobo: number;
  subtotalKobo: number;
  interestKobo: number;
  marginKobo: number;
  totalKobo: number;
  /** Due when the sale is made: the deposit of an instalment item, the whole of a one-off one. */
  initialPaymentKobo: number;
  monthlyPaymentKobo: number;
  installmentDuration: number;
};

/** One sale item's price from its allocations and terms (reference §5.4, its worked example to the kobo). */
export function priceItem(
  allocations: Allocation[],
  terms: ItemTerms,
  settings: FinancialSettings,
  applyMargin: boolean,
): ItemPrice {
  const baseKobo = allocations.reduce((sum, slice) => sum + slice.quantity * slice.unitPriceKobo, 0);
  const discountKobo = share(baseKobo, Math.round(terms.discountPercent * 100));
  const miscellaneousKobo = terms.miscellaneousKobo.reduce((sum, cost) => sum + cost, 0);
  const subtotalKobo = baseKobo - discountKobo + miscellaneousKobo;

  if (terms.paymentMode === "ONE_OFF") {
    const marginKobo = applyMargin ? share(subtotalKobo, settings.outrightMarginBps) : 0;
    const totalKobo = subtotalKobo + marginKobo;
    return {
      baseKobo,
      discountKobo,
      miscellaneousKobo,
      subtotalKobo,
      interestKobo: 0,
      marginKobo,
      totalKobo,
      initialPaymentKobo: totalKobo,
      monthlyPaymentKobo: 0,
      installmentDuration: 0,
    };
  }

  const months = terms.installmentDuration ?? 0;
  const depositPercent = terms.installmentStartingPercent ?? 0;
  if (!Number.isInteger(months) || months < 1) throw new RangeError("An instalment item needs a duration");
  // Simple monthly interest, charged whether or not margins apply (reference §5.4).
  const interestKobo = share(subtotalKobo, settings.monthlyInterestBps * months);
  const financedKobo = subtotalKobo + interestKobo;
  const marginKobo = applyMargin ? share(financedKobo, settings.loanMarginBps) : 0;
  const totalKobo = financedKobo + marginKobo;
  const initialPaymentKobo = share(totalKobo, Math.round(depositPercent * 100));
  const monthlyPaymentKobo = roundKobo((totalKobo - initialPaymentKobo) / months);
  return {
    baseKobo,
    discountKobo,
    miscellaneousKobo,
    subtotalKobo,
    interestKobo,
    marginKobo,
    totalKobo,
    initialPaymentKobo,
    monthlyPaymentKobo,
    installmentDuration: months,
  };
}

/**
 * Stock prices are bounded one by one (MAX_NAIRA), so a product of many dear parts can still price beyond
 * what kobo count exactly in a number: such an item is refused, never stored rounded.
 */
export const TOTAL_TOO_LARGE = "The total of this item is larger than a sale may hold";

export function isExactTotal(price: Pick<ItemPrice, "totalKobo">) {
  return Number.isSafeInteger(price.totalKobo);
}

export type SaleTotals = {
  totalKobo: number;
  /** What is due now: deposits of instalment items plus one-off items in full. */
  dueNowKobo: number;
  totalMonthlyKobo: number;
};

export function saleTotals(items: ItemPrice[]): SaleTotals {
  return {
    totalKobo: items.reduce((sum, item) => sum + item.totalKobo, 0),
    dueNowKobo: items.reduce((sum, item) => sum + item.initialPaymentKobo, 0),
    totalMonthlyKobo: items.reduce((sum, item) => sum + item.monthlyPaymentKobo, 0),
  };
}

export type Instalment = {
  /** 0 is the deposit (due at the sale), then 1…n each month. */
  number: number;
  amountKobo: number;
  /** Months after the sale date the instalment falls due. */
  monthsAfterSale: number;
};

/**
 * The deposit, then `n` monthly amounts; the last absorbs the rounding so the schedule sums to the total.
 */
export function instalmentSchedule(item: ItemPrice): Instalment[] {
  if (item.installmentDuration === 0) return [{ number: 0, amountKobo: item.totalKobo, monthsAfterSale: 0 }];
  const schedule: Instalment[] = [{ number: 0, amountKobo: item.initialPaymentKobo, monthsAfterSale: 0 }];
  let left = item.totalKobo - item.initialPaymentKobo;
  for (let month = 1; month <= item.installmentDuration; month++) {
    const amountKobo = month === item.installmentDuration ? left : Math.min(item.monthlyPaymentKobo, left);
    schedule.push({ number: month, amountKobo, monthsAfterSale: month });
    left -= amountKobo;
  }
  return schedule;
}
