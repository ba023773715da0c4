import {
  DEFAULT_FINANCIAL_SETTINGS,
  InsufficientStock,
  allocateFifo,
  instalmentSchedule,
  priceItem,
  saleTotals,
} from "./pricing";
import type { ItemTerms, StockBatch } from "./pricing";

/** Reference §5.4's worked example: q = 2, 2 units sold, B1 (older) 1000/800 ×3, B2 1200/900 ×10. */
const BATCHES: StockBatch[] = [
  { batchId: "B1", remaining: 3, priceKobo: 100_000, costKobo: 80_000 },
  { batchId: "B2", remaining: 10, priceKobo: 120_000, costKobo: 90_000 },
];
const NEEDED = 2 * 2;
const ONE_OFF: ItemTerms = { paymentMode: "ONE_OFF", discountPercent: 10, miscellaneousKobo: [50_000] };
const INSTALLMENT: ItemTerms = {
  ...ONE_OFF,
  paymentMode: "INSTALLMENT",
  installmentDuration: 6,
  installmentStartingPercent: 20,
};
const price = (terms: ItemTerms, applyMargin: boolean) =>
  priceItem(allocateFifo(BATCHES, NEEDED, applyMargin), terms, DEFAULT_FINANCIAL_SETTINGS, applyMargin);

describe("the reference's worked example, to the kobo", () => {
  it("takes 3 units from the older batch and 1 from the next (FIFO)", () => {
    expect(allocateFifo(BATCHES, NEEDED, false)).toEqual([
      { batchId: "B1", quantity: 3, unitPriceKobo: 100_000 },
      { batchId: "B2", quantity: 1, unitPriceKobo: 120_000 },
    ]);
    expect(allocateFifo(BATCHES, NEEDED, true).map((slice) => slice.unitPriceKobo)).toEqual([80_000, 90_000]);
  });

  it("one-off without margin: 4200 − 420 + 500 = 4280", () => {
    expect(price(ONE_OFF, false)).toMatchObject({
      baseKobo: 420_000,
      discountKobo: 42_000,
      miscellaneousKobo: 50_000,
      totalKobo: 428_000,
      initialPaymentKobo: 428_000,
    });
  });

  it("one-off with margin: (3300 − 330 + 500) × 1.2 = 4164", () => {
    expect(price(ONE_OFF, true).totalKobo).toBe(416_400);
  });

  // The reference's deposit (1061.44) and monthly (707.63) are rounded to whole naira (decision 017).
  it("instalment without margin: 5307.20, deposit 1061, monthly 708", () => {
    expect(price(INSTALLMENT, false)).toMatchObject({
      interestKobo: 102_720,
      totalKobo: 530_720,
      initialPaymentKobo: 106_100,
      monthlyPaymentKobo: 70_800,
    });
  });

  it("instalment with margin: 4948.22, deposit 990, monthly 660, the last 658.22", () => {
    const item = price(INSTALLMENT, true);
    expect(item).toMatchObject({
      totalKobo: 494_822,
      initialPaymentKobo: 99_000,
      monthlyPaymentKobo: 66_000,
    });
    expect(instalmentSchedule(item).map((line) => line.amountKobo)).toEqual([
      99_000, 66_000, 66_000, 66_000, 66_000, 66_000, 65_822,
    ]);
  });
});

describe("pricing rules", () => {
  it("applies the discount to the base only, never to miscellaneous costs", () => {
    const allocations = [{ batchId: "x", quantity: 1, unitPriceKobo: 100_000 }];
    const item = priceItem(
      allocations,
      { paymentMode: "ONE_OFF", discountPercent: 50, miscellaneousKobo: [10_000, 5_000] },
      DEFAULT_FINANCIAL_SETTINGS,
      false,
    );
    expect(item).toMatchObject({ discountKobo: 50_000, miscellaneousKobo: 15_000, totalKobo: 65_000 });
  });

  it("refuses to allocate more than the batches hold", () => {
    expect(() => allocateFifo(BATCHES, 14, false)).toThrow(InsufficientStock);
  });

  it("adds up a sale: one-off items due in full, instalment items by their deposit", () => {
    const totals = saleTotals([price(ONE_OFF, false), price(INSTALLMENT, false)]);
    expect(totals).toEqual({
      totalKobo: 428_000 + 530_720,
      dueNowKobo: 428_000 + 106_100,
      totalMonthlyKobo: 70_800,
    });
  });

  it("schedules the deposit and monthly amounts that sum exactly to the total", () => {
    const item = price(INSTALLMENT, false);
    const schedule = instalmentSchedule(item);
    expect(schedule.map((entry) => entry.amountKobo)).toEqual([
      106_100, 70_800, 70_800, 70_800, 70_800, 70_800, 70_620,
    ]);
    expect(schedule.reduce((sum, entry) => sum + entry.amountKobo, 0)).toBe(item.totalKobo);
    expect(schedule.at(-1)?.monthsAfterSale).toBe(6);
  });

  it("asks for whole naira on every instalment but the last, and never a deposit above the total", () => {
    const allocations = [{ batchId: "x", quantity: 1, unitPriceKobo: 33_333_333 }];
    for (const installmentStartingPercent of [0, 17.5, 30, 99.9, 100]) {
      const whole = installmentStartingPercent < 100; // paid in full at once: the total, kobo and all
      const terms: ItemTerms = {
        paymentMode: "INSTALLMENT",
        discountPercent: 3,
        miscellaneousKobo: [1_299],
        installmentDuration: 7,
        installmentStartingPercent,
      };
      const item = priceItem(allocations, terms, DEFAULT_FINANCIAL_SETTINGS, true);
      const schedule = instalmentSchedule(item).map((line) => line.amountKobo);
      expect(schedule.slice(0, -1).every((amount) => amount % 100 === 0)).toBe(whole);
      expect(schedule.every((amount) => amount >= 0)).toBe(true);
      expect(schedule.reduce((sum, amount) => sum + amount, 0)).toBe(item.totalKobo);
      expect(item.initialPaymentKobo).toBeLessThanOrEqual(item.totalKobo);
    }
  });

  it("has a one-entry schedule for a one-off item", () => {
    expect(instalmentSchedule(price(ONE_OFF, false))).toEqual([
      { number: 0, amountKobo: 428_000, monthsAfterSale: 0 },
    ]);
  });
});
