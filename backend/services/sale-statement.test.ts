import { saleStatement } from "./sale-statement";

describe("a sale's statement", () => {
  // ₦1,000 deposit then 3 × ₦1,000, sold on 1 March; paid the deposit that day, then late.
  const schedule = [
    { number: 0, dueDate: "2026-03-01", amountKobo: 100_000 },
    { number: 1, dueDate: "2026-04-01", amountKobo: 100_000 },
    { number: 2, dueDate: "2026-05-01", amountKobo: 100_000 },
    { number: 3, dueDate: "2026-06-01", amountKobo: 100_000 },
  ];

  it("puts instalments and payments in date order with what is owed and late after each", () => {
    const lines = saleStatement(400_000, schedule, [
      { date: "2026-04-20", amountKobo: 50_000, status: "INCOMPLETE", receiptNumber: "R-000002" },
      { date: "2026-03-01", amountKobo: 100_000, status: "INCOMPLETE", receiptNumber: "R-000001" },
      { date: "2026-04-21", amountKobo: 70_000, status: "FAILED", receiptNumber: "R-000003" },
      { date: "2026-04-22", amountKobo: 70_000, status: "REFUND_DUE", receiptNumber: "R-000004" },
    ]);
    expect(
      lines.map((line) => [line.date, line.description, line.outstandingKobo, line.arrearsKobo]),
    ).toEqual([
      // The deposit falls due before the same day's payment.
      ["2026-03-01", "Deposit", 400_000, 100_000],
      ["2026-03-01", "Payment R-000001", 300_000, 0],
      ["2026-04-01", "Installment 1 of 3", 300_000, 100_000],
      ["2026-04-20", "Payment R-000002", 250_000, 50_000],
      ["2026-05-01", "Installment 2 of 3", 250_000, 150_000],
      ["2026-06-01", "Installment 3 of 3", 250_000, 250_000],
    ]);
  });

  it("never shows arrears below zero when a customer pays ahead", () => {
    const lines = saleStatement(400_000, schedule, [
      { date: "2026-03-01", amountKobo: 300_000, status: "INCOMPLETE", receiptNumber: "R-000001" },
    ]);
    expect(lines.map((line) => line.arrearsKobo)).toEqual([100_000, 0, 0, 0, 100_000]);
    expect(lines.at(-1)?.outstandingKobo).toBe(100_000);
  });

  it("names a one-off sale's single line its price", () => {
    const lines = saleStatement(50_000, [{ number: 0, dueDate: "2026-03-01", amountKobo: 50_000 }], []);
    expect(lines).toEqual([
      {
        date: "2026-03-01",
        kind: "DUE",
        description: "Price",
        dueKobo: 50_000,
        paidKobo: 0,
        outstandingKobo: 50_000,
        arrearsKobo: 50_000,
      },
    ]);
  });
});
