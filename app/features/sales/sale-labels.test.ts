import { isCounted } from "#backend/constants/payments";
import {
  amountFieldValue,
  balanceAfter,
  cashPaymentStatus,
  takesPayment,
  uncountedReason,
} from "./sale-labels";

const payment = (
  id: string,
  amount: number,
  status: "COMPLETED" | "INCOMPLETE" | "MISMATCHED" | "REFUND_DUE",
  at: string,
) => ({
  id,
  amount,
  status,
  createdAt: `2025-03-0${at}T10:00:00.000Z`,
});

describe("counted payments", () => {
  it("counts completed and incomplete payments only", () => {
    expect(isCounted("COMPLETED")).toBe(true);
    expect(isCounted("INCOMPLETE")).toBe(true);
    expect(isCounted("MISMATCHED")).toBe(false);
    expect(isCounted("REFUND_DUE")).toBe(false);
    expect(isCounted("PENDING")).toBe(false);
  });
  it("says why a payment did not count", () => {
    expect(uncountedReason("MISMATCHED")).toBe("Amount paid differs from the amount due: not counted");
    expect(uncountedReason("REFUND_DUE")).toMatch(/refunded/);
    expect(uncountedReason("INCOMPLETE")).toBeNull();
  });
});

describe("balanceAfter", () => {
  const sale = {
    totalPrice: 148_800,
    payments: [
      // Listed newest first, as the API may; the order that matters is when they were recorded.
      payment("c", 19_840, "INCOMPLETE", "3"),
      payment("x", 5_000, "MISMATCHED", "2"),
      payment("a", 29_760.5, "INCOMPLETE", "1"),
    ],
  };
  it("subtracts the counted payments up to and including the one asked for", () => {
    expect(balanceAfter(sale, "a")).toBe(119_039.5);
    expect(balanceAfter(sale, "x")).toBe(119_039.5);
    expect(balanceAfter(sale, "c")).toBe(99_199.5);
  });
  it("is null for a payment of another sale, and never below 0", () => {
    expect(balanceAfter(sale, "nope")).toBeNull();
    expect(balanceAfter({ totalPrice: 10, payments: [payment("a", 10, "COMPLETED", "1")] }, "a")).toBe(0);
  });
});

describe("the cash form's status", () => {
  it("is COMPLETED when the amount settles the balance, to the kobo", () => {
    expect(cashPaymentStatus(707.63, 707.63)).toBe("COMPLETED");
    expect(cashPaymentStatus(0.1 + 0.2, 0.3)).toBe("COMPLETED");
    expect(cashPaymentStatus(707.62, 707.63)).toBe("INCOMPLETE");
  });
});

describe("amountFieldValue", () => {
  it("writes the figures as the screens do: comma thousands, two decimals only when fractional", () => {
    expect(amountFieldValue(29_760)).toBe("29,760");
    expect(amountFieldValue(707.6)).toBe("707.60");
    expect(amountFieldValue(1_061.44)).toBe("1,061.44");
  });
});

describe("takesPayment", () => {
  it("needs a balance and a sale that was not cancelled", () => {
    expect(takesPayment({ status: "UNPAID", balance: 10 })).toBe(true);
    expect(takesPayment({ status: "COMPLETED", balance: 0 })).toBe(false);
    expect(takesPayment({ status: "CANCELLED", balance: 10 })).toBe(false);
  });
});
