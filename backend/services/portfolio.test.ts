import { writeBook } from "../demo/book-writer";
import type { BookSale } from "../demo/book-writer";
import { RECIPIENT, makeSellableProduct } from "../test/sale-factories";
import { makeAgent, makeCustomer } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { accounts, portfolioCells, salePayments, sales } from "../db/schema";
import { backfillHistory, refreshAccounts, rollLoanBook } from "./loan-book";
import {
  BAND_STARTS,
  agentFigures,
  collectionPeriods,
  collectionRate,
  collectionRates,
  countAccounts,
  defaultRate,
  firstPaymentDefault,
  listAccounts,
  mondayOf,
  lateAccountCount,
  portfolioCounts,
  portfolioSummary,
  riskFigures,
  salesAndCollections,
  vintage,
} from "./portfolio";
import type { AccountListQuery, PortfolioFilters } from "../schemas/portfolio";

// Seven hand-built accounts, each figure worked out by hand on 15 June 2026. Every account is a ₦1,000
// deposit then ₦1,000 a month for 6 months (₦7,000) unless told: N below is ₦1,000 in kobo, and the
// figures the functions answer in naira are multiples of 1,000.
const TODAY = "2026-06-15";
const N = 100_000;
const NAIRA = 1_000;

let backend: TestBackend;
let ids: Record<string, string>;
let agentA: string;
let agentB: string;
let productOne: string;
let productTwo: string;

beforeAll(async () => {
  backend = await createTestBackend();
  const db = backend.db;
  productOne = (await makeSellableProduct(db, { units: 1 })).product.id;
  productTwo = (await makeSellableProduct(db, { units: 1 })).product.id;
  agentA = (await makeAgent(db)).id;
  agentB = (await makeAgent(db)).id;
  const lagos = (await makeCustomer(db, { location: "Ikeja, Lagos" })).id;
  const kano = (await makeCustomer(db, { location: "Kano" })).id;
  const base = { recipient: RECIPIENT, depositKobo: N, monthlyKobo: N, months: 6 };
  const book: Record<
    string,
    Omit<BookSale, "recipient" | "depositKobo" | "monthlyKobo" | "months"> & Partial<BookSale>
  > = {
    // Late since 10 April (installment 3): 66 days; ₦4,000 outstanding.
    A1: {
      customerId: lagos,
      agentId: agentA,
      productId: productOne,
      saleDate: "2026-01-10",
      payments: [
        { date: "2026-01-10", kobo: N },
        { date: "2026-02-12", kobo: N },
        { date: "2026-03-10", kobo: N },
      ],
    },
    // Sold this month, deposit paid: in credit; ₦6,000 outstanding.
    A2: {
      customerId: lagos,
      agentId: agentA,
      productId: productOne,
      saleDate: "2026-06-01",
      payments: [{ date: "2026-06-01", kobo: N }],
    },
    // Deposit only, in December: 165 days late, defaulted on 2 April; ₦6,000 outstanding.
    A3: {
      customerId: kano,
      agentId: agentB,
      productId: productTwo,
      saleDate: "2025-12-01",
      payments: [{ date: "2025-12-01", kobo: N }],
    },
    // Installment 1 (10 June) half paid online on the 12th: 5 days late; ₦5,500 outstanding.
    A4: {
      customerId: kano,
      agentId: agentB,
      productId: productTwo,
      saleDate: "2026-05-10",
      payments: [
        { date: "2026-05-10", kobo: N },
        { date: "2026-06-12", kobo: N / 2, method: "ONLINE" },
      ],
    },
    // ₦3,000 over 2 months, paid in full on the sale day.
    A5: {
      customerId: lagos,
      agentId: agentA,
      productId: productOne,
      saleDate: "2026-01-01",
      months: 2,
      payments: [{ date: "2026-01-01", kobo: 3 * N }],
    },
    // Cancelled four days after the sale.
    A6: {
      customerId: lagos,
      agentId: agentB,
      productId: productOne,
      saleDate: "2026-03-01",
      payments: [],
      cancelledOn: "2026-03-05",
    },
    // No agent; installment 1 paid on its day (20 May), installment 2 due 20 June: in credit; ₦5,000.
    A7: {
      customerId: lagos,
      productId: productTwo,
      saleDate: "2026-04-20",
      payments: [
        { date: "2026-04-20", kobo: N },
        { date: "2026-05-20", kobo: N },
      ],
    },
  };
  const names = Object.keys(book);
  const written = await writeBook(
    db,
    names.map((name) => ({ ...base, ...book[name] })),
    TODAY,
  );
  ids = Object.fromEntries(names.map((name, index) => [name, written[index]]));
  await backfillHistory(db, TODAY);
});
afterAll(() => backend.close());

const naira = (multiple: number) => multiple * NAIRA;

describe("portfolio at risk, active accounts and buckets", () => {
  it("weighs the whole balance of late accounts, by balance and by count", async () => {
    const risk = await riskFigures(backend.db, {});
    // Active: A1, A2, A3, A4, A7 = 4 + 6 + 6 + 5.5 + 5 = ₦26,500.
    expect(risk.active).toEqual({ count: 5, outstanding: naira(26.5) });
    const par = Object.fromEntries(risk.par.map((row) => [row.days, row]));
    // More than 1 day late: A1, A3, A4.
    expect(par[1].byBalance).toEqual({ numerator: naira(15.5), denominator: naira(26.5), rate: 15.5 / 26.5 });
    expect(par[1].byCount).toEqual({ numerator: 3, denominator: 5, rate: 0.6 });
    // More than 7 and more than 30: A1 and A3.
    expect(par[7].byBalance.numerator).toBe(naira(10));
    expect(par[30].byBalance).toEqual({ numerator: naira(10), denominator: naira(26.5), rate: 10 / 26.5 });
    expect(par[30].byCount.rate).toBe(0.4);
    // More than 90: A3.
    expect(par[90].byBalance.numerator).toBe(naira(6));
    expect(par[90].byCount.numerator).toBe(1);
  });

  it("puts every active account in one bucket by days late", async () => {
    const { buckets } = await riskFigures(backend.db, {});
    expect(buckets.map((bucket) => [bucket.key, bucket.count, bucket.outstanding])).toEqual([
      ["current", 2, naira(11)],
      ["1-7", 1, naira(5.5)],
      ["8-30", 0, 0],
      ["31-90", 1, naira(4)],
      ["90+", 1, naira(6)],
    ]);
  });

  it("takes the filters: agent, product, category, location, sale dates and cohort", async () => {
    const par30 = async (filters: Parameters<typeof riskFigures>[1]) =>
      (await riskFigures(backend.db, filters)).par.find((row) => row.days === 30)?.byBalance;
    expect(await par30({ agentId: agentA })).toEqual({
      numerator: naira(4),
      denominator: naira(10),
      rate: 0.4,
    });
    expect(await par30({ productId: productTwo })).toEqual({
      numerator: naira(6),
      denominator: naira(16.5),
      rate: 6 / 16.5,
    });
    expect((await riskFigures(backend.db, { location: "kano" })).active.count).toBe(2);
    expect((await riskFigures(backend.db, { from: "2026-04-01", to: "2026-05-31" })).active.count).toBe(2);
    expect((await riskFigures(backend.db, { cohort: "2026-01" })).active).toEqual({
      count: 1,
      outstanding: naira(4),
    });
    expect((await riskFigures(backend.db, { agentId: "nobody" })).par[0].byBalance.rate).toBeNull();
  });
});

describe("collection rate", () => {
  it("this month: 1 June to today", async () => {
    // Due: A1 #5, A3 #6, A4 #1 = ₦3,000; received beyond deposits: A4's ₦500 (A2's deposit does not count).
    expect(await collectionRate(backend.db, {}, "2026-06-01", TODAY)).toEqual({
      scheduled: 3 * N,
      collected: N / 2,
    });
  });
  it("last month", async () => {
    // Due: A1 #4, A3 #5, A7 #1 = ₦3,000; received: A7's ₦1,000 (A4's deposit does not count).
    expect(await collectionRate(backend.db, {}, "2026-05-01", "2026-05-31")).toEqual({
      scheduled: 3 * N,
      collected: N,
    });
  });
  it("trailing three months, without cancelled accounts or those paid off before", async () => {
    // Due: A1 #3–5, A3 #4–6, A4 #1, A7 #1 = ₦8,000; received: ₦1,500. A5 (paid off in January) is left out.
    expect(await collectionRate(backend.db, {}, "2026-04-01", TODAY)).toEqual({
      scheduled: 8 * N,
      collected: 1.5 * N,
    });
  });
});

describe("first-payment default and default rate", () => {
  it("counts first installments not paid within 30 days, of those at least 30 days past due", async () => {
    const fpd = await firstPaymentDefault(backend.db, {}, TODAY);
    // Eligible: A1 (due 10 Feb, paid 12 Feb), A3 (due 1 Jan, never), A5 (paid ahead). A7's is due 20 May.
    expect(fpd.overall).toEqual({ numerator: 1, denominator: 3, rate: 1 / 3 });
    expect(fpd.byCohort).toEqual([
      { cohort: "2026-01", eligible: 2, defaults: 0, rate: 0 },
      { cohort: "2025-12", eligible: 1, defaults: 1, rate: 1 },
    ]);
  });

  it("per month: became defaulted ÷ active at the month's start", async () => {
    const months = Object.fromEntries(
      (await defaultRate(backend.db, {}, TODAY)).map((row) => [row.month, row]),
    );
    // 1 April: A1 and A3 active (A5 paid off, A6 cancelled); A3 defaulted on 2 April.
    expect(months["2026-04"]).toEqual({ month: "2026-04", defaulted: 1, activeAtStart: 2, rate: 0.5 });
    // 1 June: A1, A4, A7 (A3 defaulted before).
    expect(months["2026-06"]).toEqual({ month: "2026-06", defaulted: 0, activeAtStart: 3, rate: 0 });
    expect(Object.keys(months)).toHaveLength(12);
  });
});

describe("vintage, sales and collections, agents", () => {
  it("paid ÷ due at each month's end since the sale, by sale month", async () => {
    const cohorts = Object.fromEntries(
      (await vintage(backend.db, {}, TODAY)).map((row) => [row.cohort, row.points]),
    );
    // January: A1 and A5. End of January: paid 1 + 3, due 1 + 1; today: paid 3 + 3, due 6 + 3.
    expect(cohorts["2026-01"][0]).toEqual({ month: 0, paid: naira(4), expected: naira(2), ratio: 2 });
    expect(cohorts["2026-01"].at(-1)).toEqual({ month: 5, paid: naira(6), expected: naira(9), ratio: 6 / 9 });
    expect(cohorts["2026-01"].map((point) => point.month)).toEqual([0, 1, 2, 3, 4, 5]);
    // The cancelled March sale is left out.
    expect(cohorts["2026-03"]).toBeUndefined();
  });

  it("units and value sold by month, money received by month and channel", async () => {
    const { sales, collections } = await salesAndCollections(backend.db, {}, TODAY);
    const january = sales.filter((row) => row.month === "2026-01");
    expect(january.reduce((sum, row) => sum + row.units, 0)).toBe(2);
    expect(january.reduce((sum, row) => sum + row.value, 0)).toBe(naira(10));
    expect(collections.find((row) => row.month === "2026-06")).toEqual({
      month: "2026-06",
      cash: naira(1),
      online: naira(0.5),
    });
  });

  it("the same by week, Monday to Sunday, over the last thirteen", async () => {
    expect([mondayOf("2026-06-14"), mondayOf(TODAY), mondayOf("2026-05-10")]).toEqual([
      "2026-06-08",
      TODAY,
      "2026-05-04",
    ]);
    const { weeklySales, weeklyCollections } = await salesAndCollections(backend.db, {}, TODAY);
    // A7 (Monday 20 April), A4 (Sunday 10 May), A2 (Monday 1 June); A6 (1 March) is before the weeks.
    expect(weeklySales.map((row) => [row.week, row.units])).toEqual([
      ["2026-04-20", 1],
      ["2026-05-04", 1],
      ["2026-06-01", 1],
    ]);
    // A2's deposit on 1 June; A4's ₦500 online on Friday 12 June.
    expect(weeklyCollections.slice(-2)).toEqual([
      { week: "2026-06-01", cash: naira(1), online: 0 },
      { week: "2026-06-08", cash: 0, online: naira(0.5) },
    ]);
  });

  it("per agent: accounts, value, active outstanding and PAR 30, largest book first", async () => {
    const agents = await agentFigures(backend.db, {});
    expect(
      agents.map((row) => [row.agentId, row.accounts, row.value, row.outstanding, row.par30.rate]),
    ).toEqual([
      [agentB, 3, naira(21), naira(11.5), 6 / 11.5],
      [agentA, 3, naira(17), naira(10), 0.4],
      [null, 1, naira(7), naira(5), 0],
    ]);
    expect(agents[2].name).toBe("No agent");
  });
});

describe("the account list", () => {
  const query = (fields: Partial<AccountListQuery>): AccountListQuery => ({
    page: 1,
    limit: 20,
    sort: "daysLate",
    ...fields,
  });
  const listed = async (fields: Partial<AccountListQuery>) =>
    (await listAccounts(backend.db, query(fields), TODAY)).map((row) => row.saleId);

  it("lists the accounts behind each bucket and tile, most late first", async () => {
    expect(await listed({ bucket: "31-90" })).toEqual([ids.A1]);
    expect(await listed({ lateOver: 30 })).toEqual([ids.A3, ids.A1]);
    expect(await listed({ firstPaymentDefault: "true" })).toEqual([ids.A3]);
    expect(await listed({ status: "COMPLETED" })).toEqual([ids.A5]);
    expect((await listed({})).slice(0, 3)).toEqual([ids.A3, ids.A1, ids.A4]);
    expect(await countAccounts(backend.db, query({ bucket: "current" }), TODAY)).toBe(2);
  });

  it("sorts by arrears, pages, and searches by name, phone or sale number", async () => {
    const byArrears = await listAccounts(backend.db, query({ sort: "arrears", limit: 2 }), TODAY);
    // A3: all seven due (the last on 1 June) less 1 paid = ₦6,000; A1: 6 due less 3 paid = ₦3,000.
    expect(byArrears.map((row) => [row.saleId, row.arrears])).toEqual([
      [ids.A3, naira(6)],
      [ids.A1, naira(3)],
    ]);
    const [first] = await listAccounts(backend.db, query({ bucket: "90+" }), TODAY);
    expect(first).toMatchObject({
      daysLate: 165,
      status: "DEFAULTED",
      creditExpiry: "2026-01-01",
      outstanding: naira(6),
    });
    expect(await listed({ search: first.saleNumber })).toEqual([ids.A3]);
    expect(await listed({ search: first.phone, location: "kano", bucket: "90+" })).toEqual([ids.A3]);
  });
});

describe("the history figures, once a day", () => {
  it("are worked out on the day's first read and kept, per set of filters", async () => {
    const { portfolioSummary } = await import("./portfolio");
    const { portfolioHistory } = await import("../db/schema");
    await backend.db.delete(portfolioHistory);
    const first = await portfolioSummary(backend.db, {}, TODAY);
    expect(first.vintage.length).toBeGreaterThan(0);
    await portfolioSummary(backend.db, { agentId: agentA }, TODAY);
    expect(await backend.db.$count(portfolioHistory)).toBe(2);
    // Read again, the same answer: not worked out a second time.
    const again = await portfolioSummary(backend.db, {}, TODAY);
    expect(again.historyComputedAt).toBe(first.historyComputedAt);
    expect(again.defaultRate).toEqual(first.defaultRate);
  });
});

describe("collection rates in one pass", () => {
  it("answers each period as collectionRate() does alone", async () => {
    const { collectionRates } = await import("./portfolio");
    const periods = [
      { from: "2026-06-01", to: TODAY },
      { from: "2026-05-01", to: "2026-05-31" },
      { from: "2026-04-01", to: TODAY },
    ];
    expect(await collectionRates(backend.db, {}, periods)).toEqual([
      { scheduled: 3 * N, collected: N / 2 },
      { scheduled: 3 * N, collected: N },
      { scheduled: 8 * N, collected: 1.5 * N },
    ]);
  });
});

describe("the day's start, and what changed since", () => {
  const koboOf = (rates: { scheduled: number; collected: number }[]) =>
    rates.map((row) => ({ scheduled: row.scheduled / 100, collected: row.collected / 100 }));
  // What the dashboard answers against the same definitions read straight from the accounts.
  const both = async (filters: PortfolioFilters) => {
    const summary = await portfolioSummary(backend.db, filters, TODAY);
    return {
      kept: {
        risk: {
          active: summary.active,
          writtenOff: summary.writtenOff,
          par: summary.par,
          buckets: summary.buckets,
        },
        collection: summary.collection.map(({ scheduled, collected }) => ({ scheduled, collected })),
        agents: summary.agents,
      },
      live: {
        risk: await riskFigures(backend.db, filters),
        collection: koboOf(await collectionRates(backend.db, filters, collectionPeriods(TODAY))),
        agents: await agentFigures(backend.db, filters),
      },
    };
  };
  const changedAccounts = async () => backend.db.$count(accounts, sql`${accounts.changed}`);

  it("bands the days late so that every bucket and PAR threshold tells them apart", () => {
    expect(BAND_STARTS).toEqual([0, 1, 2, 8, 31, 91]);
  });

  it("answers as the accounts do, for the whole book and each agent, after payments, a cancellation and a sale", async () => {
    const db = backend.db;
    await rollLoanBook(db, TODAY);
    expect(await db.$count(portfolioCells, sql`${portfolioCells.day} = ${TODAY}`)).toBeGreaterThan(0);
    expect(await changedAccounts()).toBe(0);
    for (const filters of [{}, { agentId: agentA }, { agentId: agentB }]) {
      const { kept, live } = await both(filters);
      expect(kept).toEqual(live);
    }
    const before = (await both({})).kept;

    // A1 pays ₦3,000 today: back in credit. A4 is cancelled. Agent A sells A8 today, deposit paid.
    await db.insert(salePayments).values({
      id: randomUUID(),
      saleId: ids.A1,
      method: "CASH",
      amountKobo: 3 * N,
      status: "INCOMPLETE",
      reference: `day-start-${randomUUID()}`,
      createdAt: new Date(`${TODAY}T11:00:00Z`),
    });
    await db
      .update(sales)
      .set({ status: "CANCELLED", cancelledAt: new Date(`${TODAY}T11:00:00Z`) })
      .where(eq(sales.id, ids.A4));
    // The triggers read the clock's day; the book's day is TODAY.
    await refreshAccounts(db, [ids.A1, ids.A4], TODAY);
    const lagos = (await makeCustomer(db, { location: "Lagos" })).id;
    await writeBook(
      db,
      [
        {
          recipient: RECIPIENT,
          customerId: lagos,
          agentId: agentA,
          productId: productOne,
          saleDate: TODAY,
          depositKobo: N,
          monthlyKobo: N,
          months: 6,
          payments: [{ date: TODAY, kobo: N }],
        },
      ],
      TODAY,
    );
    expect(await changedAccounts()).toBe(3);

    for (const filters of [{}, { agentId: agentA }, { agentId: agentB }, { agentId: "nobody" }]) {
      const { kept, live } = await both(filters);
      expect(kept).toEqual(live);
    }
    const after = (await both({})).kept;
    // A1 (₦4,000, 31–90 days) is in credit with ₦1,000 left; A4 (₦5,500, 1–7 days) is gone; A8 adds ₦6,000.
    expect(after.risk.active).toEqual({
      count: before.risk.active.count,
      outstanding: naira(26.5 - 3 - 5.5 + 6),
    });
    expect(after.risk.buckets.map((bucket) => bucket.count)).toEqual([4, 0, 0, 0, 1]);
    // The late accounts the worklist and Home count, read from the day's start, are the accounts' own.
    expect(await lateAccountCount(backend.db, TODAY)).toBe(
      await backend.db.$count(accounts, sql`${accounts.status} in ('LATE', 'DEFAULTED')`),
    );
    expect(await lateAccountCount(backend.db, TODAY)).toBe(1);
    // The Home tile's PAR 30, read from the day's start without the changed accounts' collection shares, is
    // the accounts' own.
    const { par } = await riskFigures(backend.db, {});
    const par30 = par.find((one) => one.days === 30)!.byBalance.rate!;
    expect(par30).toBeGreaterThan(0);
    expect((await portfolioCounts(backend.db, TODAY)).portfolioPar30).toBe(Math.round(par30 * 1000) / 10);
    // This month's collections: A1's ₦3,000 in, A4's ₦500 and its ₦1,000 due out.
    expect(after.collection[0]).toEqual({ scheduled: naira(2), collected: naira(3) });
  });
});
