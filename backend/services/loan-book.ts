import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../db/client";
import { queryRows } from "../db/query-rows";
import { arrayParam, insertByUnnest, slicesOf } from "../db/bulk-insert";
import { accountSchedule, accounts, loanBookRolls, portfolioHistory, saleItems, sales } from "../db/schema";
import { addDays, lagosDate, lagosToday } from "../schemas/dates";
import { ACTIVE_STATUSES } from "../constants/portfolio";
import { forgetOptions, historyFigures, writeDayStart } from "./portfolio";
import { addMonths, saleSchedule } from "./sale-schedule";
import { log } from "../log";

// The loan book's upkeep (issue 26, decision 037). The figures themselves are SQL (migration 0017's
// account_states()); this module opens accounts, rolls them to a new day, takes the daily snapshot and
// back-fills month ends, each step once across all processes (a transaction-level advisory lock).

const LOCK_KEY = sql`hashtext('loan-book')`;
const OPEN_CHUNK = 500;
const BACKFILL_CHUNK = 2_000;
/** Daily snapshots are kept this long; month ends for good. */
export const SNAPSHOT_DAYS_KEPT = 92;

const idArray = (ids: readonly string[]) => sql`${arrayParam(ids)}::text[]`;

/** Month ends from the sale's month to the month before `today`'s, oldest first. */
export function monthEndsBetween(saleDate: string, today: string): string[] {
  const ends: string[] = [];
  for (
    let month = `${saleDate.slice(0, 7)}-01`;
    month < `${today.slice(0, 7)}-01`;
    month = addMonths(month, 1)
  )
    ends.push(addDays(addMonths(month, 1), -1));
  return ends;
}

/**
 * Makes the sales that have an installment item accounts, with their schedules, in the caller's
 * transaction (a sale's, an upload's); sales already open or paid outright are left alone.
 */
export async function openAccounts(tx: AppDb, saleIds: readonly string[], today = lagosToday()) {
  if (saleIds.length === 0) return 0;
  const items = await tx
    .select({
      saleId: saleItems.saleId,
      paymentMode: saleItems.paymentMode,
      totalKobo: saleItems.totalKobo,
      initialPaymentKobo: saleItems.initialPaymentKobo,
      monthlyPaymentKobo: saleItems.monthlyPaymentKobo,
      installmentDuration: saleItems.installmentDuration,
    })
    .from(saleItems)
    .where(inArray(saleItems.saleId, [...saleIds]));
  const bySale = new Map<string, typeof items>();
  for (const item of items) bySale.set(item.saleId, [...(bySale.get(item.saleId) ?? []), item]);
  const instalmentSales = [...bySale.entries()].filter(([, saleRows]) =>
    saleRows.some((item) => item.paymentMode === "INSTALLMENT"),
  );
  if (instalmentSales.length === 0) return 0;
  const saleRows = await tx
    .select({
      id: sales.id,
      customerId: sales.customerId,
      agentId: sales.agentId,
      totalKobo: sales.totalKobo,
      createdAt: sales.createdAt,
    })
    .from(sales)
    .where(
      and(
        inArray(
          sales.id,
          instalmentSales.map(([id]) => id),
        ),
        sql`not exists (select 1 from ${accounts} where ${accounts.saleId} = ${sales.id})`,
      ),
    );
  const scheduleRows: (typeof accountSchedule.$inferInsert)[] = [];
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  for (const sale of saleRows) {
    const schedule = saleSchedule(sale.createdAt, bySale.get(sale.id) ?? [], 0, today);
    let cumulative = 0;
    for (const line of schedule) {
      cumulative += line.amountKobo;
      scheduleRows.push({
        saleId: sale.id,
        number: line.number,
        dueDate: line.dueDate,
        amountKobo: line.amountKobo,
        cumulativeKobo: cumulative,
      });
    }
    const saleDate = lagosDate(sale.createdAt);
    const first = schedule.find((line) => line.number === 1);
    accountRows.push({
      saleId: sale.id,
      customerId: sale.customerId,
      agentId: sale.agentId,
      saleDate,
      totalKobo: sale.totalKobo,
      depositKobo: schedule.find((line) => line.number === 0)?.amountKobo ?? 0,
      firstDueDate: first?.dueDate ?? null,
      firstDueKobo: first?.amountKobo ?? 0,
      asOf: today,
      // A sale of this month has no month end behind it to back-fill.
      backfilled: monthEndsBetween(saleDate, today).length === 0,
    });
  }
  if (accountRows.length === 0) return 0;
  await insertOpened(tx, accountRows, scheduleRows);
  await forgetOptions(tx, today);
  await refreshAccounts(
    tx,
    accountRows.map((row) => row.saleId),
    today,
  );
  return accountRows.length;
}

/** Shared with the demo and benchmark books, which write their sales in bulk. */
export async function insertOpened(
  tx: AppDb,
  accountRows: (typeof accounts.$inferInsert)[],
  scheduleRows: (typeof accountSchedule.$inferInsert)[],
) {
  await insertByUnnest(
    tx,
    accounts,
    [
      ["saleId", "text"],
      ["customerId", "text"],
      ["agentId", "text"],
      ["saleDate", "date"],
      ["totalKobo", "bigint"],
      ["depositKobo", "bigint"],
      ["firstDueDate", "date"],
      ["firstDueKobo", "bigint"],
      ["asOf", "date"],
      ["backfilled", "boolean"],
    ],
    accountRows,
  );
  await insertByUnnest(
    tx,
    accountSchedule,
    [
      ["saleId", "text"],
      ["number", "integer"],
      ["dueDate", "date"],
      ["amountKobo", "bigint"],
      ["cumulativeKobo", "bigint"],
    ],
    scheduleRows,
  );
}

/** `changed`: false only for the roll, whose work is the day's start rather than a change since it. */
export async function refreshAccounts(
  db: AppDb,
  saleIds: readonly string[],
  today = lagosToday(),
  changed = true,
) {
  let refreshed = 0;
  for (const slice of slicesOf(saleIds)) {
    const [row] = await queryRows(
      db,
      sql`select refresh_accounts(${idArray(slice)}, ${today}::date, ${changed}) as n`,
      z.object({ n: z.coerce.number() }),
    );
    refreshed += row?.n ?? 0;
  }
  return refreshed;
}

/** Runs `step` only if no other process holds the loan book's lock; false when one did. */
async function whileLocked<T>(db: AppDb, step: (tx: AppDb) => Promise<T>): Promise<T | false> {
  return db.transaction(async (tx) => {
    const [{ locked }] = await queryRows(
      tx,
      sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`,
      z.object({ locked: z.boolean() }),
    );
    return locked ? step(tx) : false;
  });
}

const IdRow = z.object({ id: z.string() });

/** Sales made before the loan book existed, or by a path that did not open them. */
export async function openMissingAccounts(db: AppDb, today = lagosToday()) {
  let opened = 0;
  let more = true;
  while (more) {
    const chunkFull = await whileLocked(db, async (tx) => {
      const rows = await queryRows(
        tx,
        sql`
        select s.id from ${sales} s
        where exists (select 1 from ${saleItems} i where i.sale_id = s.id and i.payment_mode = 'INSTALLMENT')
          and not exists (select 1 from ${accounts} a where a.sale_id = s.id)
        limit ${OPEN_CHUNK}`,
        IdRow,
      );
      const ids = rows.map((row) => row.id);
      opened += await openAccounts(tx, ids, today);
      return ids.length === OPEN_CHUNK;
    });
    // Another process holds the lock and does this work.
    more = chunkFull === true;
  }
  return opened;
}

/** Month-end snapshots from each account's sale to last month; resumable, a chunk of accounts at a time. */
export async function backfillHistory(
  db: AppDb,
  today = lagosToday(),
  log: (line: string) => void = () => {},
) {
  const [{ left }] = await db
    .select({ left: sql<number>`count(*)`.mapWith(Number) })
    .from(accounts)
    .where(eq(accounts.backfilled, false));
  let done = 0;
  while (done < left) {
    const finished = await whileLocked(db, async (tx) => {
      const chunk = await tx
        .select({ id: accounts.saleId, saleDate: accounts.saleDate })
        .from(accounts)
        .where(eq(accounts.backfilled, false))
        .limit(BACKFILL_CHUNK)
        .for("update", { skipLocked: true });
      if (chunk.length === 0) return 0;
      const oldest = chunk.reduce((min, row) => (row.saleDate < min ? row.saleDate : min), today);
      for (const end of monthEndsBetween(oldest, today)) {
        const sold = chunk.filter((row) => row.saleDate <= end).map((row) => row.id);
        if (sold.length) await tx.execute(sql`select snapshot_accounts(${idArray(sold)}, ${end}::date)`);
      }
      await tx
        .update(accounts)
        .set({ backfilled: true })
        .where(
          inArray(
            accounts.saleId,
            chunk.map((row) => row.id),
          ),
        );
      return chunk.length;
    });
    if (!finished) break;
    done += finished;
    log(`Loan book history: ${done} of ${left} accounts back-filled`);
  }
  return done;
}

/**
 * The day's roll, once per Lagos day: every active account's figures as of today, today's snapshot of
 * every account, last month's end if it was missed, and daily snapshots past their keeping dropped.
 */
export async function rollLoanBook(db: AppDb, today = lagosToday()) {
  const started = Date.now();
  return whileLocked(db, async (tx) => {
    const [done] = await tx.select().from(loanBookRolls).where(eq(loanBookRolls.day, today));
    if (done) return null;
    // Payments, tokens and new sales wait for the roll (reads do not): no account changes between its
    // figures for the day and the day's start written from them.
    await tx.execute(sql`lock table ${accounts} in share row exclusive mode`);
    const active = await tx
      .select({ id: accounts.saleId })
      .from(accounts)
      .where(inArray(accounts.status, [...ACTIVE_STATUSES]));
    const ids = active.map((row) => row.id);
    await refreshAccounts(tx, ids, today, false);
    await writeDayStart(tx, today);
    // Completed and cancelled accounts keep their day: only their snapshot row is written.
    await tx.execute(sql`
      insert into account_snapshots (day, sale_id, outstanding_kobo, paid_kobo, expected_kobo, days_late, status)
      select ${today}::date, sale_id, outstanding_kobo, paid_kobo, expected_kobo, days_late, status
      from ${accounts} where sale_date <= ${today}::date
      on conflict do nothing`);
    const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
    const missed = await queryRows(
      tx,
      sql`
      select a.sale_id as id from ${accounts} a
      where a.sale_date <= ${lastMonthEnd}::date and a.backfilled
        and not exists (select 1 from account_snapshots s where s.day = ${lastMonthEnd}::date and s.sale_id = a.sale_id)`,
      IdRow,
    );
    const missedIds = missed.map((row) => row.id);
    for (const slice of slicesOf(missedIds))
      await tx.execute(sql`select snapshot_accounts(${idArray(slice)}, ${lastMonthEnd}::date)`);
    await tx.execute(sql`
      delete from account_snapshots
      where day < ${today}::date - ${SNAPSHOT_DAYS_KEPT}::integer
        and day <> (date_trunc('month', day) + interval '1 month - 1 day')::date`);
    // Yesterday's history figures are replaced by today's on their first read.
    await tx.delete(portfolioHistory).where(lt(portfolioHistory.day, today));
    const [{ count }] = await tx.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(accounts);
    await tx
      .insert(loanBookRolls)
      .values({ day: today, accounts: count, milliseconds: Date.now() - started });
    return { accounts: count, refreshed: ids.length, milliseconds: Date.now() - started };
  });
}

/** One round of the loan book's job: open what is missing, roll the day, back-fill history, then the day's. */
export async function loanBookRound(
  db: AppDb,
  say: (line: string) => void = (line) => log.info(line),
  today = lagosToday(),
) {
  const opened = await openMissingAccounts(db, today);
  if (opened) say(`Loan book: opened ${opened} account(s) for earlier installment sales`);
  const rolled = await rollLoanBook(db, today);
  if (rolled)
    say(`Loan book: rolled ${rolled.refreshed} active account(s) to ${today} in ${rolled.milliseconds} ms`);
  await backfillHistory(db, today, say);
  // The whole book's history for the day, so that the day's first dashboard does not wait for it.
  await whileLocked(db, (tx) => historyFigures(tx, {}, today));
}
