import { count, sql } from "drizzle-orm";
import { z } from "zod";
import { randomUUID } from "node:crypto";
import type { AppDb } from "../db/client";
import { accounts, agents, loanBookRolls, portfolioHistory } from "../db/schema";
import { queryRows } from "../db/query-rows";
import { delayAccount } from "../services/account-actions";
import { applyPayment, lockSale } from "../services/sale-payments";
import { lagosToday } from "../schemas/dates";
import { backfillHistory, openMissingAccounts, rollLoanBook } from "../services/loan-book";
import {
  agentFigures,
  collectionPeriods,
  collectionRates,
  defaultRate,
  firstPaymentDefault,
  listAccounts,
  portfolioSummary,
  riskFigures,
  salesAndCollections,
  vintage,
} from "../services/portfolio";
import { writeBook } from "./book-writer";
import { bookCustomers, installmentProducts, planBook } from "./loan-book";

// The benchmark's large loan book (`npm run db:seed-sales -- N ACCOUNTS`): ACCOUNTS installment sales over
// 24 months with their payments, the demo book's mix of payers, then what the server's job would do at
// its first start (open, back-fill, roll), timed, and each figure timed at a tenth of the book and at all
// of it, to see how its cost grows.

const MOST_PER_CHUNK = 5_000;
const LOAN_BOOK_TRIGGERS = [
  ["sales", "accounts_follow_sales"],
  ["sale_payments", "accounts_follow_payments"],
  ["device_tokens", "accounts_follow_tokens"],
] as const;
const AGENTS = 200;
// Payments after each switch of the triggers that plan the statements again and are not counted.
const AFTER_SWITCH = 2;
const PAYMENT_ROUNDS = 5;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, Math.round(performance.now() - started)];
}

/** Each figure's time on the book as it stands. */
export async function timeFigures(db: AppDb, today: string, agentId: string) {
  const periods = collectionPeriods(today);
  const figures: Record<string, () => Promise<unknown>> = {
    "the dashboard, history worked out": () => portfolioSummary(db, {}, today),
    "the dashboard, history kept (the day's start and what changed)": () => portfolioSummary(db, {}, today),
    "one agent's dashboard, history worked out": () => portfolioSummary(db, { agentId }, today),
    "one agent's dashboard, history kept": () => portfolioSummary(db, { agentId }, today),
    "PAR and buckets, read from the accounts (other filters)": () => riskFigures(db, {}),
    "collection rates, read from the accounts (other filters)": () => collectionRates(db, {}, periods),
    "first-payment default": () => firstPaymentDefault(db, {}, today),
    "default rate (12 months)": () => defaultRate(db, {}, today),
    "vintage (12 cohorts)": () => vintage(db, {}, today),
    "sales and collections (12 months)": () => salesAndCollections(db, {}, today),
    "agents, read from the accounts (other filters)": () => agentFigures(db, {}),
    "account list, 31–90 days, page 1": () =>
      listAccounts(db, { page: 1, limit: 20, sort: "daysLate", bucket: "31-90" }, today),
    "account list, all, page 2,000": () =>
      listAccounts(db, { page: 2_000, limit: 20, sort: "daysLate" }, today),
  };
  const times: Record<string, number> = {};
  for (const [name, figure] of Object.entries(figures)) times[name] = (await timed(figure))[1];
  return times;
}

async function ensureAgents(db: AppDb) {
  const [{ existing }] = await db.select({ existing: count() }).from(agents);
  if (existing < AGENTS) {
    await db.insert(agents).values(
      Array.from({ length: AGENTS - existing }, (_, index) => ({
        id: randomUUID(),
        firstname: "Bench",
        lastname: `Agent ${existing + index + 1}`,
        email: `bench-agent-${existing + index + 1}-${Date.now().toString(36)}@example.com`,
        location: ["Lagos", "Kano", "Ibadan", "Enugu", "Abuja"][index % 5],
      })),
    );
  }
  return (await db.select({ id: agents.id }).from(agents)).map((row) => row.id);
}

export async function seedBook(db: AppDb, size: number, log: (line: string) => void) {
  const today = lagosToday();
  const products = await installmentProducts(db);
  const customers = await bookCustomers(db);
  if (products.length === 0 || customers.length === 0)
    throw new Error("The book needs installment products and customers: seed them first");
  const agentIds = await ensureAgents(db);
  const parties = { customers, agentIds, products };
  let written = 0;
  let writeMs = 0;
  let tenthFigures: Record<string, number> | null = null;
  for (let chunk = 0; written < size; chunk += 1) {
    // At most a tenth of the book at a time, so the figures are timed at a tenth too.
    const chunkSize = Math.min(MOST_PER_CHUNK, Math.ceil(size / 10), size - written);
    const book = planBook(1_000 + chunk, today, chunkSize, parties, 730);
    writeMs += (await timed(() => writeBook(db, book, today)))[1];
    written += book.length;
    log(`Loan book: ${written} of ${size} accounts written`);
    if (!tenthFigures && written >= size / 10) {
      await backfillHistory(db, today);
      await db.execute(sql`analyze`);
      // The day's start at a tenth of the book; the day is rolled again once the book is whole.
      await rollLoanBook(db, today);
      tenthFigures = { accounts: written, ...(await timeFigures(db, today, agentIds[0])) };
      await db.delete(portfolioHistory);
      await db.delete(loanBookRolls);
    }
  }
  const [, openMs] = await timed(() => openMissingAccounts(db, today));
  const [, backfillMs] = await timed(() => backfillHistory(db, today, log));
  await db.execute(sql`analyze`);
  const [rolled, rollMs] = await timed(() => rollLoanBook(db, today));
  const [{ total }] = await db.select({ total: count() }).from(accounts);
  const [{ payments }] = await queryRows(
    db,
    sql`select count(*) as payments from sale_payments`,
    z.object({ payments: z.coerce.number() }),
  );
  return {
    accounts: total,
    payments,
    writeMs,
    openMs,
    backfillMs,
    rollMs,
    rolled: rolled ? rolled.refreshed : 0,
    figures: {
      tenth: tenthFigures,
      whole: { accounts: total, ...(await timeFigures(db, today, agentIds[0])) },
    },
    payments50: await timePayments(db),
    actions50: await timeContractActions(db),
  };
}

const percentiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
};

/**
 * A contract action against a cash payment on the same book, each its transaction alone: 50 one-day delays
 * (the schedule moved, a token minted, the account refreshed, its event and audit row) and 50 payments, in
 * alternating blocks of ten on accounts of their own, after a block of each that is not counted. The p99
 * of 50 is their slowest, as the payments' below: the comparison is made PAYMENT_ROUNDS times on accounts
 * of its own and each figure is the median of the rounds'.
 */
export async function timeContractActions(db: AppDb) {
  const perRound = 120;
  const open = await queryRows(
    db,
    sql`select sale_id as id from accounts where status in ('ON_TIME', 'LATE') order by sale_id desc
      limit ${PAYMENT_ROUNDS * perRound}`,
    z.object({ id: z.string() }),
  );
  const actor = { userId: null, ip: null, permissions: ["manage:all"] };
  const rounds: { delay: number[]; payment: number[] }[] = [];
  for (let round = 0; round < PAYMENT_ROUNDS; round += 1) {
    const times = { delay: [] as number[], payment: [] as number[] };
    const accountsOfRound = open.slice(round * perRound, (round + 1) * perRound);
    for (let block = 0; block < 12; block += 1) {
      const delay = block % 2 === 0;
      for (const [index, { id }] of accountsOfRound.slice(block * 10, block * 10 + 10).entries()) {
        const started = performance.now();
        if (delay) await db.transaction((tx) => delayAccount(tx, actor, id, { days: 1 }, lagosToday()));
        else await cashPayment(db, id, `bench-action-${Date.now()}-${round}-${block}-${index}`);
        if (block >= 2) times[delay ? "delay" : "payment"].push(performance.now() - started);
      }
    }
    if (times.delay.length > 0 && times.payment.length > 0) rounds.push(times);
  }
  return {
    rounds: rounds.length,
    delay: medianOfRounds(rounds, "delay"),
    payment: medianOfRounds(rounds, "payment"),
  };
}

/**
 * A ₦100 cash payment in its own transaction. Before the first start there is no staff member yet:
 * recorded by nobody, as a system would.
 */
const cashPayment = (db: AppDb, saleId: string, reference: string) =>
  db.transaction(async (tx) =>
    applyPayment(
      tx,
      await lockSale(tx, saleId),
      { method: "CASH", amountKobo: 10_000, reference },
      { userId: null, ip: null },
    ),
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each side's p50 and p99 as the median of the rounds' own. */
const medianOfRounds = <Side extends string>(rounds: Record<Side, number[]>[], side: Side) => {
  const each = rounds.map((times) => percentiles(times[side]));
  return { p50: median(each.map((one) => one.p50)), p99: median(each.map((one) => one.p99)) };
};

/**
 * 50 cash payments one after another on active accounts with the loan book's triggers and 50 with them
 * switched off, in alternating blocks of ten so that neither half gets the warmer database, after a
 * block of each that is not counted: what keeping the accounts costs a payment, measured on the same book.
 * The p99 of 50 is their slowest, which one pause of the machine decides: the whole comparison is made
 * PAYMENT_ROUNDS times on accounts of its own, and each figure is the median of the rounds'.
 * Switching a trigger changes its table's definition, after which every statement on the table is planned
 * again (the triggers' own most of all): a running server never pays that, so the first payments after
 * each switch are not counted either.
 */
async function timePayments(db: AppDb) {
  const perRound = 12 * (10 + AFTER_SWITCH);
  const open = await queryRows(
    db,
    sql`select sale_id as id from accounts where status in ('ON_TIME', 'LATE') order by sale_id
      limit ${PAYMENT_ROUNDS * perRound}`,
    z.object({ id: z.string() }),
  );
  const switchTriggers = async (state: "enable" | "disable") => {
    for (const [table, trigger] of LOAN_BOOK_TRIGGERS)
      await db.execute(sql.raw(`alter table ${table} ${state} trigger ${trigger}`));
  };
  const rounds: { withLoanBook: number[]; withoutLoanBook: number[] }[] = [];
  try {
    for (let round = 0; round < PAYMENT_ROUNDS; round += 1) {
      const times = { withLoanBook: [] as number[], withoutLoanBook: [] as number[] };
      const accountsOfRound = open.slice(round * perRound, (round + 1) * perRound);
      // Blocks 0 and 1 warm up, one each way, and are not counted: the first calls on a connection plan
      // the triggers' functions and the payment's queries, which a running server has long done.
      for (let block = 0; block < 12; block += 1) {
        const withTriggers = block % 2 === 0;
        await switchTriggers(withTriggers ? "enable" : "disable");
        const accountsOfBlock = accountsOfRound.slice(
          block * (10 + AFTER_SWITCH),
          (block + 1) * (10 + AFTER_SWITCH),
        );
        for (const [index, { id }] of accountsOfBlock.entries()) {
          const started = performance.now();
          await cashPayment(db, id, `bench-payment-${Date.now()}-${round}-${block}-${index}`);
          if (block >= 2 && index >= AFTER_SWITCH)
            times[withTriggers ? "withLoanBook" : "withoutLoanBook"].push(performance.now() - started);
        }
      }
      if (times.withLoanBook.length > 0 && times.withoutLoanBook.length > 0) rounds.push(times);
    }
  } finally {
    await switchTriggers("enable");
  }
  return {
    rounds: rounds.length,
    withLoanBook: medianOfRounds(rounds, "withLoanBook"),
    withoutLoanBook: medianOfRounds(rounds, "withoutLoanBook"),
  };
}
