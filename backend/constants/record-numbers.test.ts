import { receiptNumberText, saleNumberIn, saleNumberText } from "./record-numbers";

describe("record numbers", () => {
  it("pads to six digits and grows past them", () => {
    expect(saleNumberText(123)).toBe("S-000123");
    expect(receiptNumberText(456)).toBe("R-000456");
    expect(saleNumberText(1_234_567)).toBe("S-1234567");
  });

  it("reads a sale number from a search term, and nothing else", () => {
    expect(saleNumberIn("S-000123")).toBe(123);
    expect(saleNumberIn(" s123 ")).toBe(123);
    expect(saleNumberIn("S-0")).toBe(0);
    for (const other of ["123", "R-000123", "S-", "S-1234567890", "Sade", "S-12a"]) {
      expect(saleNumberIn(other)).toBeNull();
    }
  });
});
