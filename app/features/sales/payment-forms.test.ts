import { CashFormSchema, INVALID_PAYMENT_AMOUNT, OnlinePaymentFormSchema } from "./payment-forms";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("the cash form", () => {
  it("needs an amount above 0; notes are optional", () => {
    expect(messages(CashFormSchema.safeParse({}))).toEqual(["Payment amount is required"]);
    expect(messages(CashFormSchema.safeParse({ amount: "0" }))).toEqual([
      "Payment amount must be greater than 0",
    ]);
    expect(CashFormSchema.parse({ amount: "29,760.50", reference: "cash-1" })).toEqual({
      amount: 29_760.5,
      reference: "cash-1",
    });
  });
  it("drops fields it does not know (the page fills in the sale itself)", () => {
    expect(CashFormSchema.parse({ amount: "10", saleId: "x" })).not.toHaveProperty("saleId");
  });
});

describe("the online payment form", () => {
  it("says the spec's words for a missing, nonsense or non-positive amount", () => {
    for (const amount of [undefined, "", "abc", "0", "-5"]) {
      expect(messages(OnlinePaymentFormSchema.safeParse({ amount }))).toEqual([INVALID_PAYMENT_AMOUNT]);
    }
  });
  it("keeps the precise words for too many decimals, and reads a good amount", () => {
    expect(messages(OnlinePaymentFormSchema.safeParse({ amount: "1.234" }))).toEqual([
      "Payment amount can have at most 2 decimals",
    ]);
    expect(OnlinePaymentFormSchema.parse({ amount: "1,061.44" })).toEqual({ amount: 1_061.44 });
  });
});
