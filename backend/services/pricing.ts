// Integer kobo and pure, so the summary, the API and the batch upload price a sale alike. Rounding
// (docs/decisions/017): each derived amount to the nearest kobo, halves up, at the step that produces it;
// the deposit and the monthly amount to the nearest whole naira, since customers pay them in cash; the
// last instalment absorbs what rounding left, so the schedule adds up to the total exactly.

import type { PricingRule } from "../constants/pricing";

/** Basis points: 1 % = 100. */
export type MarginSettings = {
  outrightMarginBps: number;
  loanMarginBps: number;
  monthlyInterestBps: number;
};

export type FinancialSettings = MarginSettings & { pricingRule: PricingRule };

export const DEFAULT_FINANCIAL_SETTINGS: FinancialSettings = {
  outrightMarginBps: 2000,
  loanMarginBps: 1500,
  monthlyInterestBps: 400,
  pricingRule: "BATCH_PRICE",
};

/** The columns a sale keeps of the settings it was priced with. */
export function marginColumns(settings: FinancialSettings): MarginSettings & { applyMargin: boolean } {
  return {
    outrightMarginBps: settings.outrightMarginBps,
    loanMarginBps: settings.loanMarginBps,
    monthlyInterestBps: settings.monthlyInterestBps,
    applyMargin: marginsApply(settings),
  };
}

export const marginsApply = (settings: FinancialSettings) => settings.pricingRule === "COST_PLUS_MARGIN";

export type Allocation = { batchId: string; quantity: number; unitPriceKobo: number };

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

/** Oldest batch first; priced at its selling price, or its cost when margins apply (reference §5.3). */
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

const roundKobo = (value: number) => Math.floor(value + 0.5 + 1e-9);
const share = (amountKobo: number, bps: number) => roundKobo((amountKobo * bps) / 10_000);
const roundNaira = (kobo: number) => roundKobo(kobo / 100) * 100;

export type PaymentMode = "ONE_OFF" | "INSTALLMENT";

export type ItemTerms = {
  paymentMode: PaymentMode;
  /** Percent off the batch base only (not off miscellaneous costs), 0–100. */
  discountPercent: number;
  miscellaneousKobo: number[];
  installmentDuration?: number;
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
  initialPaymentKobo: number;
  monthlyPaymentKobo: number;
  installmentDuration: number;
};

/** Reference §5.4: its totals to the kobo; the deposit and monthly amount in whole naira (decision 017). */
export function priceItem(
  allocations: Allocation[],
  terms: ItemTerms,
  settings: MarginSettings,
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
  const initialPaymentKobo = Math.min(
    totalKobo,
    roundNaira(share(totalKobo, Math.round(depositPercent * 100))),
  );
  const monthlyPaymentKobo = roundNaira((totalKobo - initialPaymentKobo) / months);
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

// Stock prices are bounded one by one, so a product of many dear parts can still exceed what kobo count
// exactly: such an item is refused, never stored rounded.
export const TOTAL_TOO_LARGE = "The total of this item is larger than a sale may hold";

export function isExactTotal(price: Pick<ItemPrice, "totalKobo">) {
  return Number.isSafeInteger(price.totalKobo);
}

/**
 * What one unit of a product sells for by single deposit, from the sum of its parts' batch bases (cost under
 * cost plus margin, sale price otherwise): the catalogue's figure, equal to priceItem's with no discount.
 */
export function listPrice(baseKobo: number, settings: FinancialSettings): number {
  return marginsApply(settings) ? baseKobo + share(baseKobo, settings.outrightMarginBps) : baseKobo;
}

export type SaleTotals = {
  totalKobo: number;
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
  monthsAfterSale: number;
};

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
