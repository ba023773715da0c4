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

  it("instalment without margin: 5307.20, deposit 1061.44, monthly 707.63", () => {
    expect(price(INSTALLMENT, false)).toMatchObject({
      interestKobo: 102_720,
      totalKobo: 530_720,
      initialPaymentKobo: 106_144,
      monthlyPaymentKobo: 70_763,
    });
  });

  it("instalment with margin: 4948.22, deposit 989.64, monthly 659.76", () => {
    expect(price(INSTALLMENT, true)).toMatchObject({
      totalKobo: 494_822,
      initialPaymentKobo: 98_964,
      monthlyPaymentKobo: 65_976,
    });
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
      dueNowKobo: 428_000 + 106_144,
      totalMonthlyKobo: 70_763,
    });
  });

  it("schedules the deposit and monthly amounts that sum exactly to the total", () => {
    const item = price(INSTALLMENT, false);
    const schedule = instalmentSchedule(item);
    expect(schedule.map((entry) => entry.amountKobo)).toEqual([
      106_144, 70_763, 70_763, 70_763, 70_763, 70_763, 70_761,
    ]);
    expect(schedule.reduce((sum, entry) => sum + entry.amountKobo, 0)).toBe(item.totalKobo);
    expect(schedule.at(-1)?.monthsAfterSale).toBe(6);
  });

  it("has a one-entry schedule for a one-off item", () => {
    expect(instalmentSchedule(price(ONE_OFF, false))).toEqual([
      { number: 0, amountKobo: 428_000, monthsAfterSale: 0 },
    ]);
  });
});
