import {
  capitalise,
  formatBadgeCount,
  formatDate,
  formatHeaderDate,
  formatNaira,
  formatNumber,
  formatPriceRange,
  formatTime,
  ordinal,
} from "./format";

describe("formatNumber", () => {
  it("adds comma thousands and no decimals for whole values", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(0)).toBe("0");
  });
  it("shows two decimals only when fractional", () => {
    expect(formatNumber(1234.5)).toBe("1,234.50");
    expect(formatNumber(99.999)).toBe("100");
    expect(formatNumber("2500.25")).toBe("2,500.25");
  });
  it("groups whole numbers of every length as Intl does, negative ones too", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const values = [1, 12, 123, 1234, 12345, 123456, 1234567, 999_999, 1_000_000, 2 ** 53 - 1];
    for (let digits = 1; digits <= 16; digits += 1) values.push(Number("9".repeat(digits)));
    for (const value of [...values, ...values.map((whole) => -whole)]) {
      expect(formatNumber(value)).toBe(intl.format(value));
    }
    expect(formatNumber(1e21)).toBe(intl.format(1e21));
    expect(formatNumber(-0)).toBe("0");
  });
  it("formats amounts in kobo as Intl does with two decimals, up to 10^13 naira and beyond", () => {
    const intl = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const values = [0.01, 0.1, 0.5, 0.99, 1.05, 1.1, 79_213.71, 1_234.5, 70_368_744_177_663.99];
    for (let digits = 1; digits <= 13; digits += 1) values.push(Number(`${"9".repeat(digits)}.99`));
    // A reproducible spread of kobo amounts of every size (a linear congruential sequence).
    let state = 7;
    for (let index = 0; index < 5_000; index += 1) {
      state = (state * 48_271) % 2_147_483_647;
      const kobo = state * 10 ** (index % 6);
      if (kobo % 100 !== 0) values.push(kobo / 100);
    }
    for (const value of [...values, ...values.map((amount) => -amount)]) {
      expect(formatNumber(value)).toBe(intl.format(value));
    }
  });
  it("treats missing or non-numeric values as 0", () => {
    expect(formatNumber(undefined)).toBe("0");
    expect(formatNumber(null)).toBe("0");
    expect(formatNumber("abc")).toBe("0");
    expect(formatNumber(Number.NaN)).toBe("0");
    expect(formatNumber("")).toBe("0");
  });
});

describe("formatNaira", () => {
  it("prefixes the naira sign", () => {
    expect(formatNaira(150000)).toBe("₦150,000");
    expect(formatNaira(150000.5)).toBe("₦150,000.50");
    expect(formatNaira(-20)).toBe("-₦20");
    expect(formatNaira(undefined)).toBe("₦0");
  });
});

describe("formatBadgeCount", () => {
  it("keeps counts below 100000 comma-formatted", () => {
    expect(formatBadgeCount(7)).toBe("7");
    expect(formatBadgeCount(99999)).toBe("99,999");
  });
  it("abbreviates large counts", () => {
    expect(formatBadgeCount(100000)).toBe("100k+");
    expect(formatBadgeCount(999999)).toBe("999k+");
    expect(formatBadgeCount(2_500_000)).toBe("2m+");
    expect(formatBadgeCount(3_000_000_000)).toBe("3b+");
  });
  it("shows 0 for nonsense", () => {
    expect(formatBadgeCount("x")).toBe("0");
  });
});

describe("dates and times", () => {
  it("formats DD/MM/YYYY in Lagos time", () => {
    expect(formatDate("2025-03-03T10:00:00Z")).toBe("03/03/2025");
    // 23:30 UTC is already the next day in Lagos (UTC+1).
    expect(formatDate("2025-12-31T23:30:00Z")).toBe("01/01/2026");
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
  it("agrees with the tz database's Africa/Lagos every few hours across years", () => {
    const lagos = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Africa/Lagos",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    });
    for (let time = Date.UTC(1990, 0, 1); time < Date.UTC(2040, 0, 1); time += 7 * 3_600_000 + 13 * 60_000) {
      expect(formatDate(time)).toBe(lagos.format(time));
    }
  });
  it("formats 12-hour times like 3:05pm", () => {
    expect(formatTime("2025-03-03T14:05:00Z")).toBe("3:05pm");
    expect(formatTime("2025-03-03T23:00:00Z")).toBe("12:00am");
    expect(formatTime("2025-03-03T11:30:00Z")).toBe("12:30pm");
  });
  it("formats the header date with an ordinal day", () => {
    expect(formatHeaderDate("2025-03-03T10:00:00Z")).toBe("3rd, March 2025");
    expect(formatHeaderDate("2025-11-22T10:00:00Z")).toBe("22nd, November 2025");
  });
  it("knows the teens take 'th'", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
});

describe("capitalise", () => {
  it("capitalises role names", () => {
    expect(capitalise("admin")).toBe("Admin");
    expect(capitalise("")).toBe("");
    expect(capitalise(undefined)).toBe("");
  });
});

describe("formatPriceRange", () => {
  it("shows 'min - max' when batch prices differ, one price when they agree", () => {
    expect(formatPriceRange(2300, 3300)).toBe("₦2,300 - ₦3,300");
    expect(formatPriceRange(2300, 2300)).toBe("₦2,300");
    expect(formatPriceRange(1250.5, 1250.5)).toBe("₦1,250.50");
  });
  it("shows nothing without a price and the one it has when half is missing", () => {
    expect(formatPriceRange(null, null)).toBe("");
    expect(formatPriceRange(undefined, 500)).toBe("₦500");
  });
});
