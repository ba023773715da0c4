import { daysBought, grantForPayment, maxDaysPerToken, tokenSettingsProblem } from "./device-tokens";

// ₦11,200 over 3 months: deposit ₦2,240, then ₦2,986.67 a month (in kobo).
const sale = { totalKobo: 1_120_000, dueNowKobo: 224_000, totalMonthlyKobo: 298_667 };

describe("daysBought", () => {
  it("gives nothing before the deposit, 30 days for it, then 30 per monthly amount, pro rata", () => {
    expect(daysBought(sale, 0)).toBe(0);
    expect(daysBought(sale, 223_999)).toBe(0);
    expect(daysBought(sale, 224_000)).toBe(30);
    expect(daysBought(sale, 224_000 + 298_667)).toBe(60);
    expect(daysBought(sale, 224_000 + 149_334)).toBe(45);
    expect(daysBought(sale, 224_000 + 2 * 298_667)).toBe(90);
  });
});

describe("grantForPayment", () => {
  it("adds the days a payment bought to an instalment item's devices, and nothing for a payment that bought none", () => {
    expect(grantForPayment("INSTALLMENT", sale, 0, 224_000)).toEqual({ kind: "ADD_TIME", days: 30 });
    expect(grantForPayment("INSTALLMENT", sale, 0, 100_000)).toBeNull();
    expect(grantForPayment("INSTALLMENT", sale, 224_000, 224_000 + 298_667)).toEqual({
      kind: "ADD_TIME",
      days: 30,
    });
    // Two half payments add up to the same month as one whole one: nothing is lost to rounding.
    const half = grantForPayment("INSTALLMENT", sale, 224_000, 224_000 + 149_333);
    const rest = grantForPayment("INSTALLMENT", sale, 224_000 + 149_333, 224_000 + 298_667);
    expect(half).toEqual({ kind: "ADD_TIME", days: 14 });
    expect(rest).toEqual({ kind: "ADD_TIME", days: 16 });
    expect(grantForPayment("INSTALLMENT", sale, 224_000 + 10, 224_000 + 20)).toBeNull();
  });

  it("unlocks an instalment item for good when the whole sale is paid, once", () => {
    expect(grantForPayment("INSTALLMENT", sale, 822_000, 1_120_000)).toEqual({ kind: "DISABLE_PAYG" });
    expect(grantForPayment("INSTALLMENT", sale, 0, 1_120_000)).toEqual({ kind: "DISABLE_PAYG" });
    expect(grantForPayment("INSTALLMENT", sale, 1_120_000, 1_130_000)).toBeNull();
  });

  it("unlocks a one-off item once what was due at the sale is paid", () => {
    const oneOff = { totalKobo: 500_000, dueNowKobo: 500_000, totalMonthlyKobo: 0 };
    expect(grantForPayment("ONE_OFF", oneOff, 0, 200_000)).toBeNull();
    expect(grantForPayment("ONE_OFF", oneOff, 200_000, 500_000)).toEqual({ kind: "DISABLE_PAYG" });
    expect(grantForPayment("ONE_OFF", oneOff, 500_000, 600_000)).toBeNull();
    // In a mixed sale the one-off part is due with the deposit.
    expect(grantForPayment("ONE_OFF", sale, 0, 224_000)).toEqual({ kind: "DISABLE_PAYG" });
  });
});

describe("tokenSettingsProblem and maxDaysPerToken", () => {
  const ready = { key: "a".repeat(32), startingCode: "123456789", timeDivider: 1, count: 1 };
  it("accepts a device the encoder can work with and names what is wrong with one it cannot", () => {
    expect(tokenSettingsProblem(ready)).toBeNull();
    expect(tokenSettingsProblem({ ...ready, startingCode: null })).toMatch(/no starting code/);
    expect(tokenSettingsProblem({ ...ready, startingCode: "12ab" })).toMatch(/starting code/);
    expect(tokenSettingsProblem({ ...ready, key: "not-a-key" })).toMatch(/32 hexadecimal/);
    expect(tokenSettingsProblem({ ...ready, timeDivider: 300 })).toMatch(/time divider/);
  });
  it("fits at most 995 units of value in one token", () => {
    expect(maxDaysPerToken({ timeDivider: 1 })).toBe(995);
    expect(maxDaysPerToken({ timeDivider: 4 })).toBe(248);
    expect(maxDaysPerToken({ timeDivider: null })).toBe(995);
  });
});
