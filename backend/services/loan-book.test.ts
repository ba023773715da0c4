import { and, eq } from "drizzle-orm";
import { accountSchedule, accountSnapshots, accounts, deviceTokens, devices, saleItems } from "../db/schema";
import { writeBook } from "../demo/book-writer";
import type { BookSale } from "../demo/book-writer";
import { RECIPIENT, makeSellableProduct } from "../test/sale-factories";
import { makeCustomer, makeDevice } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";
import { backfillHistory, monthEndsBetween, refreshAccounts, rollLoanBook } from "./loan-book";

// Hand-built accounts, each figure worked out by hand: ₦1,000 deposit then ₦1,000 a month (kobo below).
const TODAY = "2026-06-15";
const N = 100_000;

let backend: TestBackend;
let sale: (fields: Partial<BookSale> & Pick<BookSale, "saleDate">) => Promise<string>;
beforeAll(async () => {
  backend = await createTestBackend();
  const { product } = await makeSellableProduct(backend.db, { units: 1 });
  const customer = await makeCustomer(backend.db);
  sale = async (fields) => {
    const [id] = await writeBook(
      backend.db,
      [
        {
          customerId: customer.id,
          productId: product.id,
          recipient: RECIPIENT,
          depositKobo: N,
          monthlyKobo: N,
          months: 6,
          payments: [],
          ...fields,
        },
      ],
      TODAY,
    );
    return id;
  };
});
afterAll(() => backend.close());

/** Sold 10 January, paid its deposit and installments 1 (late, on the 12th) and 2, then nothing. */
const PAID_TO_MARCH = {
  saleDate: "2026-01-10",
  payments: [
    { date: "2026-01-10", kobo: N },
    { date: "2026-02-12", kobo: N },
    { date: "2026-03-10", kobo: N },
  ],
};

const accountOf = async (saleId: string) =>
  (await backend.db.select().from(accounts).where(eq(accounts.saleId, saleId)))[0];

describe("an account's state", () => {
  it("late by the oldest unpaid installment, with arrears by the schedule", async () => {
    const id = await sale(PAID_TO_MARCH);
    expect(await accountOf(id)).toMatchObject({
      totalKobo: 7 * N,
      paidKobo: 3 * N,
      outstandingKobo: 4 * N,
      // Due by 15 June: the deposit and installments 1–5 (10 June).
      expectedKobo: 6 * N,
      arrearsKobo: 3 * N,
      // Installment 3, due 10 April, is the oldest not paid: 20 + 31 + 15 days since.
      creditExpiry: "2026-04-10",
      daysLate: 66,
      status: "LATE",
      firstDueDate: "2026-02-10",
      // The deposit and first installment were covered on 12 February.
      firstPaidOn: "2026-02-12",
      lastPaymentOn: "2026-03-10",
      defaultedOn: null,
      asOf: TODAY,
    });
    const schedule = await backend.db
      .select({ number: accountSchedule.number, paid: accountSchedule.paidKobo })
      .from(accountSchedule)
      .where(eq(accountSchedule.saleId, id))
      .orderBy(accountSchedule.number);
    expect(schedule.map((line) => line.paid)).toEqual([N, N, N, 0, 0, 0, 0]);
  });

  it("on time while in credit; defaulted after 90 days, the day kept", async () => {
    const fresh = await sale({ saleDate: "2026-06-01", payments: [{ date: "2026-06-01", kobo: N }] });
    expect(await accountOf(fresh)).toMatchObject({
      creditExpiry: "2026-07-01",
      daysLate: 0,
      status: "ON_TIME",
      arrearsKobo: 0,
      expectedKobo: N,
    });
    const gone = await sale({ saleDate: "2025-12-01", payments: [{ date: "2025-12-01", kobo: N }] });
    // 1 January + 91 days = 2 April; 165 days without credit by 15 June.
    expect(await accountOf(gone)).toMatchObject({
      creditExpiry: "2026-01-01",
      daysLate: 165,
      status: "DEFAULTED",
      defaultedOn: "2026-04-02",
    });
  });

  it("completed once paid in full; cancelled from its day", async () => {
    const paid = await sale({
      saleDate: "2026-01-01",
      months: 2,
      payments: [{ date: "2026-01-01", kobo: 3 * N }],
    });
    expect(await accountOf(paid)).toMatchObject({
      status: "COMPLETED",
      outstandingKobo: 0,
      creditExpiry: null,
      daysLate: 0,
      completedOn: "2026-01-01",
    });
    const cancelled = await sale({ saleDate: "2026-03-01", cancelledOn: "2026-03-05" });
    expect(await accountOf(cancelled)).toMatchObject({
      status: "CANCELLED",
      cancelledOn: "2026-03-05",
      daysLate: 0,
    });
  });

  it("with tokenable devices, credit runs to the sale day plus the days the tokens bought", async () => {
    const id = await sale({ saleDate: "2026-05-01", payments: [{ date: "2026-05-01", kobo: 2 * N }] });
    const [item] = await backend.db.select().from(saleItems).where(eq(saleItems.saleId, id));
    const first = await makeDevice(backend.db, { saleItemId: item.id, isTokenable: true });
    const second = await makeDevice(backend.db, { saleItemId: item.id, isTokenable: true });
    const token = (deviceId: string, days: number, date: string) => ({
      deviceId,
      saleId: id,
      token: "123 456 789",
      count: 1,
      kind: "ADD_TIME" as const,
      value: days,
      days,
      createdAt: new Date(`${date}T11:00:00Z`),
    });
    // The trigger refreshes with the real clock; the test then asks for its own day.
    await backend.db
      .insert(deviceTokens)
      .values([
        token(first.id, 30, "2026-05-01"),
        token(first.id, 30, "2026-06-01"),
        token(second.id, 30, "2026-05-01"),
      ]);
    await refreshAccounts(backend.db, [id], TODAY);
    // The device with the most days decides: 1 May + 60 days.
    expect(await accountOf(id)).toMatchObject({ creditExpiry: "2026-06-30", daysLate: 0, status: "ON_TIME" });
    await refreshAccounts(backend.db, [id], "2026-07-05");
    expect(await accountOf(id)).toMatchObject({ daysLate: 5, status: "LATE" });
    await backend.db.update(devices).set({ isTokenable: false }).where(eq(devices.saleItemId, item.id));
    await refreshAccounts(backend.db, [id], TODAY);
    // Without a tokenable device the schedule decides: installment 2 is due 1 July.
    expect(await accountOf(id)).toMatchObject({ creditExpiry: "2026-07-01", daysLate: 0 });
  });
});

describe("the daily roll and the back-fill", () => {
  it("back-fills month ends from each account's sale, then rolls once a day", async () => {
    const id = await sale(PAID_TO_MARCH);
    expect(monthEndsBetween("2026-01-10", TODAY)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
    ]);
    const lines: string[] = [];
    expect(await backfillHistory(backend.db, TODAY, (line) => lines.push(line))).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatch(/back-filled/);
    const snapshots = await backend.db
      .select()
      .from(accountSnapshots)
      .where(eq(accountSnapshots.saleId, id))
      .orderBy(accountSnapshots.day);
    expect(
      snapshots.map((row) => [row.day, row.paidKobo, row.expectedKobo, row.daysLate, row.status]),
    ).toEqual([
      ["2026-01-31", N, N, 0, "ON_TIME"],
      // Installment 1 (10 Feb) was paid on the 12th; installment 2 is due 10 March.
      ["2026-02-28", 2 * N, 2 * N, 0, "ON_TIME"],
      ["2026-03-31", 3 * N, 3 * N, 0, "ON_TIME"],
      ["2026-04-30", 3 * N, 4 * N, 20, "LATE"],
      ["2026-05-31", 3 * N, 5 * N, 51, "LATE"],
    ]);
    expect((await accountOf(id)).backfilled).toBe(true);

    const rolled = await rollLoanBook(backend.db, TODAY);
    expect(rolled).toMatchObject({ accounts: expect.any(Number) });
    expect(await rollLoanBook(backend.db, TODAY)).toBeNull();
    const [today] = await backend.db
      .select()
      .from(accountSnapshots)
      .where(and(eq(accountSnapshots.saleId, id), eq(accountSnapshots.day, TODAY)));
    expect(today).toMatchObject({ daysLate: 66, status: "LATE", outstandingKobo: 4 * N });
  });
});
