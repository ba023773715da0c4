import { addMonths, amountDueNow, saleSchedule } from "./sale-schedule";

const instalment = {
  totalKobo: 700_000,
  initialPaymentKobo: 100_000,
  monthlyPaymentKobo: 200_000,
  installmentDuration: 3,
};
const oneOff = {
  totalKobo: 50_000,
  initialPaymentKobo: 50_000,
  monthlyPaymentKobo: 0,
  installmentDuration: 0,
};
// 22:30 UTC on 31 January is 23:30 in Lagos: still the 31st there, so the plan keeps the 31st.
const SOLD = new Date("2026-01-31T22:30:00Z");

describe("addMonths", () => {
  it("keeps the day, or the month's last when shorter", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-01-15", 12)).toBe("2027-01-15");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
  });
});

describe("saleSchedule", () => {
  it("puts the deposit and one-off items on the sale's Lagos day, then one line a month", () => {
    const schedule = saleSchedule(SOLD, [instalment, oneOff], 0, "2026-01-31");
    expect(schedule.map((line) => [line.number, line.dueDate, line.amountKobo])).toEqual([
      [0, "2026-01-31", 150_000],
      [1, "2026-02-28", 200_000],
      [2, "2026-03-31", 200_000],
      [3, "2026-04-30", 200_000],
    ]);
    expect(schedule.reduce((sum, line) => sum + line.amountKobo, 0)).toBe(750_000);
  });

  it("lays payments over the lines oldest first and tells paid, overdue, due and upcoming apart", () => {
    const schedule = saleSchedule(SOLD, [instalment, oneOff], 250_000, "2026-03-15");
    expect(schedule.map((line) => [line.paidKobo, line.status])).toEqual([
      [150_000, "PAID"],
      [100_000, "OVERDUE"],
      [0, "DUE"],
      [0, "UPCOMING"],
    ]);
    expect(amountDueNow(schedule, "2026-03-15")).toBe(100_000);
  });

  it("asks for the next instalment when nothing is due yet, and nothing once paid", () => {
    const onTime = saleSchedule(SOLD, [instalment], 100_000, "2026-02-10");
    expect(amountDueNow(onTime, "2026-02-10")).toBe(200_000);
    const paid = saleSchedule(SOLD, [instalment], 700_000, "2026-02-10");
    expect(paid.every((line) => line.status === "PAID")).toBe(true);
    expect(amountDueNow(paid, "2026-02-10")).toBe(0);
  });
});

describe("the sale's day is Lagos's", () => {
  it("counts a sale made at 23:30 UTC as made the next day", () => {
    const lateEvening = new Date("2026-01-31T23:30:00Z");
    expect(saleSchedule(lateEvening, [instalment], 0, "2026-02-01")[0].dueDate).toBe("2026-02-01");
  });
});
