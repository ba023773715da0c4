import { koboToNaira, nairaField } from "./money";

describe("nairaField", () => {
  const price = nairaField("Price");

  it("reads naira as integer kobo from numbers and form text", () => {
    expect(price.parse(2300)).toBe(230_000);
    expect(price.parse("2,300.50")).toBe(230_050);
    expect(price.parse(0.1 + 0.2 - 0.0000000000000001)).toBe(30);
    expect(price.parse("19.99")).toBe(1_999);
  });

  it("refuses zero, negatives, more than 2 decimals and nonsense, naming the field", () => {
    for (const bad of [0, -5, "1.234", "abc", "1e3", Number.NaN, Number.POSITIVE_INFINITY, 1e13]) {
      const result = price.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      if (!result.success)
        expect(result.error.issues[0].message).toBe(
          "Price must be a positive number with at most 2 decimals",
        );
    }
    const empty = price.safeParse("");
    expect(empty.success ? null : empty.error.issues[0].message).toBe("Price is required");
  });

  it("may allow zero", () => {
    expect(nairaField("Cost", { allowZero: true }).parse("0")).toBe(0);
  });
});

describe("koboToNaira", () => {
  it("answers naira", () => {
    expect(koboToNaira(230_050)).toBe(2300.5);
  });
});
