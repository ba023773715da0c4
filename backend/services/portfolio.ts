import { eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../db/client";
import { queryRows } from "../db/query-rows";
import { portfolioHistory } from "../db/schema";
import { ACTIVE_STATUSES, BUCKETS, PAR_DAYS } from "../constants/portfolio";
import { saleNumberIn, saleNumberText } from "../constants/record-numbers";
import { koboToNaira } from "../schemas/money";
import { PortfolioSummarySchema } from "../schemas/portfolio";
import type {
  AccountExportQuery,
  AccountListQuery,
  AccountRecord,
  PortfolioFilters,
  PortfolioSummary,
  Ratio,
} from "../schemas/portfolio";
import { addDays, lagosToday } from "../schemas/dates";
import { addMonths } from "./sale-schedule";

// The portfolio's figures (issue 26, decision 037): one SQL definition each, over the accounts the loan
// book keeps (`accounts a`), their schedules and payments. The words printed beside each figure are in
// constants/portfolio-definitions.ts (and one account's in constants/portfolio.ts); the tests in
// portfolio.test.ts work each one out by hand.

const kobo = z.coerce.number();
const count = z.coerce.number();
const ACTIVE = sql.raw(`a.status in (${ACTIVE_STATUSES.map((status) => `'${status}'`).join(", ")})`);
const COUNTED = sql.raw(`p.status in ('COMPLETED', 'INCOMPLETE')`);

export const rate = (numerator: number, denominator: number) =>
  denominator > 0 ? numerator / denominator : null;
const ratio = (numerator: number, denominator: number, money = false): Ratio => ({
  numerator: money ? koboToNaira(numerator) : numerator,
  denominator: money ? koboToNaira(denominator) : denominator,
  rate: rate(numerator, denominator),
});

/** The conditions the filters put on `accounts a`. */
export function filtersSql(filters: PortfolioFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.from) conditions.push(sql`a.sale_date >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`a.sale_date <= ${filters.to}::date`);
  if (filters.cohort) {
    const start = `${filters.cohort}-01`;
    conditions.push(sql`a.sale_date >= ${start}::date and a.sale_date < ${addMonths(start, 1)}::date`);
  }
  if (filters.agentId) conditions.push(sql`a.agent_id = ${filters.agentId}`);
  if (filters.productId)
    conditions.push(
      sql`exists (select 1 from sale_items i where i.sale_id = a.sale_id and i.product_id = ${filters.productId})`,
    );
  if (filters.categoryId)
    conditions.push(sql`exists (
      select 1 from sale_items i join products pr on pr.id = i.product_id
      where i.sale_id = a.sale_id and pr.category_id = ${filters.categoryId})`);
  if (filters.location)
    conditions.push(sql`exists (
      select 1 from customers c where c.id = a.customer_id
      and c.location ilike ${`%${filters.location.replace(/[\\%_]/g, (match) => `\\${match}`)}%`})`);
  return sql.join(conditions, sql` and `);
}

export const bucketSql = (bucket: (typeof BUCKETS)[number]) =>
  bucket.max === null
    ? sql`a.days_late >= ${bucket.min}`
    : sql`a.days_late between ${bucket.min} and ${bucket.max}`;

/**
 * The accounts a figure sums, as a relation `a` of (agent_id, status, days_late, accounts, total_kobo,
 * outstanding_kobo): each account once, with the filters. The day's book (dayBook) has the same columns.
 */
const liveBook = (filters: PortfolioFilters) => sql`(
  select a.agent_id, a.status, a.days_late, 1 as accounts, a.total_kobo, a.outstanding_kobo
  from accounts a where ${filtersSql(filters)}) a`;

/** PAR by balance and by count, active accounts and outstanding, and the days-late buckets: one scan. */
export async function riskFigures(db: AppDb, filters: PortfolioFilters) {
  return riskOf(db, liveBook(filters));
}

/** PAR, buckets, active and written-off accounts over `book`, as one row of sums (riskFrom reads it). */
function riskSelect(book: SQL) {
  const parColumns = PAR_DAYS.map(
    (days) => sql`
      coalesce(sum(a.accounts) filter (where ${ACTIVE} and a.days_late > ${days}), 0) as ${sql.raw(`par${days}_count`)},
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE} and a.days_late > ${days}), 0) as ${sql.raw(`par${days}_kobo`)}`,
  );
  const bucketColumns = BUCKETS.map(
    (bucket, index) => sql`
      coalesce(sum(a.accounts) filter (where ${ACTIVE} and ${bucketSql(bucket)}), 0) as ${sql.raw(`bucket${index}_count`)},
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE} and ${bucketSql(bucket)}), 0) as ${sql.raw(`bucket${index}_kobo`)}`,
  );
  return sql`select
      coalesce(sum(a.accounts) filter (where ${ACTIVE}), 0) as active_count,
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE}), 0) as active_kobo,
      coalesce(sum(a.accounts) filter (where a.status = 'WRITTEN_OFF'), 0) as written_off_count,
      coalesce(sum(a.outstanding_kobo) filter (where a.status = 'WRITTEN_OFF'), 0) as written_off_kobo,
      ${sql.join([...parColumns, ...bucketColumns], sql`, `)}
    from ${book}`;
}

const Sums = z.record(z.coerce.number());

function riskFrom(row: z.infer<typeof Sums>) {
  const activeCount = row.active_count;
  const activeKobo = row.active_kobo;
  return {
    active: { count: activeCount, outstanding: koboToNaira(activeKobo) },
    writtenOff: { count: row.written_off_count, outstanding: koboToNaira(row.written_off_kobo) },
    par: PAR_DAYS.map((days) => ({
      days,
      byBalance: ratio(row[`par${days}_kobo`], activeKobo, true),
      byCount: ratio(row[`par${days}_count`], activeCount),
    })),
    buckets: BUCKETS.map((bucket, index) => ({
      key: bucket.key,
      label: bucket.label,
      count: row[`bucket${index}_count`],
      outstanding: koboToNaira(row[`bucket${index}_kobo`]),
    })),
  };
}

async function riskOf(db: AppDb, book: SQL) {
  const [row] = await queryRows(db, riskSelect(book), Sums);
  return riskFrom(row);
}

/** The moment a Lagos calendar day begins. */
const lagosMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00+01:00`));

/**
 * Collected ÷ scheduled over [from, to]: monthly installments falling due in the period against money
 * received in it beyond each account's deposit; cancelled accounts and those paid off before the period
 * began are left out.
 */
export async function collectionRate(db: AppDb, filters: PortfolioFilters, from: string, to: string) {
  const [figures] = await collectionRates(db, filters, [{ from, to }]);
  return figures;
}

/** collectionRate() for several periods in one pass over the schedule and the payments. */
export async function collectionRates(
  db: AppDb,
  filters: PortfolioFilters,
  periods: readonly { from: string; to: string }[],
) {
  return collectionsOf(db, collectionShares(filtersSql(filters), periods), periods.length);
}

/** Each period's scheduled and collected sums over `shares` (collectionShares' columns). */
function collectionsSelect(shares: SQL, periods: number) {
  const columns = Array.from(
    { length: periods },
    (_, index) => sql`
      coalesce(sum(${sql.raw(`a.scheduled${index}`)}), 0) as ${sql.raw(`scheduled${index}`)},
      coalesce(sum(${sql.raw(`a.collected${index}`)}), 0) as ${sql.raw(`collected${index}`)}`,
  );
  return sql`select ${sql.join(columns, sql`, `)} from ${shares}`;
}

const collectionsFrom = (row: z.infer<typeof Sums>, periods: number) =>
  Array.from({ length: periods }, (_, index) => ({
    scheduled: row[`scheduled${index}`],
    collected: row[`collected${index}`],
  }));

async function collectionsOf(db: AppDb, shares: SQL, periods: number) {
  const [row] = await queryRows(db, collectionsSelect(shares, periods), Sums);
  return collectionsFrom(row, periods);
}

/**
 * The collection rate's one definition, per account: for each period, the monthly installments that fell
 * due in it (`scheduledN`) and the money received in it beyond the deposit (`collectedN`), as a relation
 * `a` (sale_id, scheduled0, collected0, …) over the accounts `scope` (a condition on `accounts a`) selects.
 * An account counts in a period if it was sold by its end, not cancelled and not paid off before its start.
 */
export function collectionShares(scope: SQL, periods: readonly { from: string; to: string }[]): SQL {
  const earliest = periods.reduce((min, period) => (period.from < min ? period.from : min), periods[0].from);
  const latest = periods.reduce((max, period) => (period.to > max ? period.to : max), periods[0].to);
  const counts = (period: { from: string; to: string }) =>
    sql`(e.completed_on is null or e.completed_on >= ${period.from}::date) and e.sale_date <= ${period.to}::date`;
  const due = periods.map(
    (period, index) => sql`
      sum(sc.amount_kobo) filter (where sc.due_date between ${period.from}::date and ${period.to}::date)
        as ${sql.raw(`due${index}`)}`,
  );
  const sums = periods.map(
    (period, index) => sql`
      sum(p.amount_kobo) filter (where p.created_at >= ${lagosMidnight(period.from)}::timestamptz)
        as ${sql.raw(`since${index}`)},
      sum(p.amount_kobo) filter (
        where p.created_at >= ${lagosMidnight(period.to)}::timestamptz + interval '1 day')
        as ${sql.raw(`after${index}`)}`,
  );
  const columns = periods.map((period, index) => {
    const since = sql.raw(`coalesce(r.since${index}, 0)`);
    const after = sql.raw(`coalesce(r.after${index}, 0)`);
    return sql`
      case when ${counts(period)} then coalesce(${sql.raw(`d.due${index}`)}, 0) else 0 end
        as ${sql.raw(`scheduled${index}`)},
      case when ${counts(period)} then greatest(0, e.paid_kobo - ${after} - e.deposit_kobo)
        - greatest(0, e.paid_kobo - ${since} - e.deposit_kobo) else 0 end as ${sql.raw(`collected${index}`)}`;
  });
  return sql`(
    with eligible as (
      select a.sale_id, a.paid_kobo, a.deposit_kobo, a.completed_on, a.sale_date from accounts a
      where ${scope} and a.status <> 'CANCELLED'
        and (a.completed_on is null or a.completed_on >= ${earliest}::date)
        and a.sale_date <= ${latest}::date
    ),
    due as (
      select sc.sale_id, ${sql.join(due, sql`, `)}
      from account_schedule sc
      where sc.sale_id in (select sale_id from eligible)
        and sc.number > 0 and sc.due_date between ${earliest}::date and ${latest}::date
      group by sc.sale_id
    ),
    received as (
      select p.sale_id, ${sql.join(sums, sql`, `)}
      from sale_payments p
      where p.sale_id in (select sale_id from eligible)
        and p.created_at >= ${lagosMidnight(earliest)}::timestamptz and ${COUNTED}
      group by p.sale_id
    )
    select e.sale_id, ${sql.join(columns, sql`, `)}
    from eligible e left join due d on d.sale_id = e.sale_id left join received r on r.sale_id = e.sale_id
  ) a`;
}

export function collectionPeriods(today: string) {
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = addMonths(thisMonth, -1);
  return [
    { key: "thisMonth" as const, label: "This month", from: thisMonth, to: today },
    { key: "lastMonth" as const, label: "Last month", from: lastMonth, to: addDays(thisMonth, -1) },
    { key: "trailing3" as const, label: "Trailing 3 months", from: addMonths(thisMonth, -2), to: today },
  ];
}

/** By sale month: first installments not fully paid within 30 days of falling due ÷ those 30 days past due. */
export async function firstPaymentDefault(db: AppDb, filters: PortfolioFilters, today: string) {
  const rows = await queryRows(
    db,
    sql`
    select to_char(a.sale_date, 'YYYY-MM') as cohort,
      count(*) filter (where a.first_due_date + 30 <= ${today}::date) as eligible,
      count(*) filter (where a.first_due_date + 30 <= ${today}::date
        and (a.first_paid_on is null or a.first_paid_on > a.first_due_date + 30)) as defaults
    from accounts a
    where ${filtersSql(filters)} and a.status <> 'CANCELLED' and a.first_due_date is not null
    group by 1 order by 1 desc`,
    z.object({ cohort: z.string(), eligible: count, defaults: count }),
  );
  const byCohort = rows
    .filter((row) => row.eligible > 0)
    .map((row) => ({ ...row, rate: rate(row.defaults, row.eligible) }));
  const defaults = byCohort.reduce((sum, row) => sum + row.defaults, 0);
  const eligible = byCohort.reduce((sum, row) => sum + row.eligible, 0);
  // Every cohort counts in the overall figure; the last twelve are listed.
  return { overall: ratio(defaults, eligible), byCohort: byCohort.slice(0, VINTAGE_COHORTS) };
}

/** Per month of the last twelve: accounts that became defaulted in it ÷ accounts active at its start. */
export async function defaultRate(db: AppDb, filters: PortfolioFilters, today: string) {
  const first = addMonths(`${today.slice(0, 7)}-01`, -11);
  const rows = await queryRows(
    db,
    sql`
    with months as (
      select m::date as start, (m + interval '1 month')::date as next
      from generate_series(${first}::date, ${today}::date, interval '1 month') m
    )
    select to_char(months.start, 'YYYY-MM') as month,
      count(a.sale_id) filter (where a.defaulted_on >= months.start and a.defaulted_on < months.next) as defaulted,
      count(a.sale_id) filter (where a.sale_date < months.start
        and (a.cancelled_on is null or a.cancelled_on >= months.start)
        and (a.completed_on is null or a.completed_on >= months.start)
        and (a.defaulted_on is null or a.defaulted_on >= months.start)) as active_at_start
    from months left join accounts a on ${filtersSql(filters)} and a.sale_date < months.next
    group by months.start order by months.start`,
    z.object({ month: z.string(), defaulted: count, active_at_start: count }),
  );
  return rows.map((row) => ({
    month: row.month,
    defaulted: row.defaulted,
    activeAtStart: row.active_at_start,
    rate: rate(row.defaulted, row.active_at_start),
  }));
}

export const VINTAGE_COHORTS = 12;
export const VINTAGE_MONTHS = 24;

/**
 * For each of the last twelve sale months: paid so far ÷ due so far at each month's end since the sale
 * (month 0 is the sale month), the current month from today's figures. Cancelled accounts are left out.
 */
export async function vintage(db: AppDb, filters: PortfolioFilters, today: string) {
  const firstCohort = addMonths(`${today.slice(0, 7)}-01`, -(VINTAGE_COHORTS - 1));
  const rows = await queryRows(
    db,
    sql`
    with cohort_accounts as (
      select a.sale_id, a.sale_date, a.paid_kobo, a.expected_kobo from accounts a
      where ${filtersSql(filters)} and a.status <> 'CANCELLED' and a.sale_date >= ${firstCohort}::date
    ),
    points as (
      select ca.sale_date, s.day, s.paid_kobo, s.expected_kobo
      from cohort_accounts ca join account_snapshots s on s.sale_id = ca.sale_id
      where s.day = (date_trunc('month', s.day) + interval '1 month - 1 day')::date
        and s.day < date_trunc('month', ${today}::date)
      union all
      select ca.sale_date, ${today}::date, ca.paid_kobo, ca.expected_kobo from cohort_accounts ca
    )
    select to_char(sale_date, 'YYYY-MM') as cohort,
      ((extract(year from day) - extract(year from sale_date)) * 12
        + extract(month from day) - extract(month from sale_date))::integer as month,
      sum(paid_kobo) as paid, sum(expected_kobo) as expected
    from points group by 1, 2 order by 1, 2`,
    z.object({ cohort: z.string(), month: count, paid: kobo, expected: kobo }),
  );
  const cohorts = new Map<string, PortfolioSummary["vintage"][number]["points"]>();
  for (const row of rows) {
    if (row.month > VINTAGE_MONTHS) continue;
    const points = cohorts.get(row.cohort) ?? [];
    points.push({
      month: row.month,
      paid: koboToNaira(row.paid),
      expected: koboToNaira(row.expected),
      ratio: rate(row.paid, row.expected),
    });
    cohorts.set(row.cohort, points);
  }
  return [...cohorts.entries()].map(([cohort, points]) => ({ cohort, points }));
}

export const SALES_WEEKS = 13;

/** The Monday of `day`'s week (weeks run Monday to Sunday, as date_trunc('week') has them). */
export function mondayOf(day: string) {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/**
 * Units and value sold by category, and money received, cash and online: by month over the last twelve,
 * or by week over the last thirteen.
 */
export async function salesAndCollections(db: AppDb, filters: PortfolioFilters, today: string) {
  const byMonth = await salesOver(db, filters, "month", addMonths(`${today.slice(0, 7)}-01`, -11));
  const byWeek = await salesOver(db, filters, "week", addDays(mondayOf(today), -7 * (SALES_WEEKS - 1)));
  return {
    sales: byMonth.sales.map(({ period, ...row }) => ({ month: period.slice(0, 7), ...row })),
    collections: byMonth.collections.map(({ period, ...row }) => ({ month: period.slice(0, 7), ...row })),
    weeklySales: byWeek.sales.map(({ period, ...row }) => ({ week: period, ...row })),
    weeklyCollections: byWeek.collections.map(({ period, ...row }) => ({ week: period, ...row })),
  };
}

/** Sales and money received per `unit` from `first` (the first day of a month or week) to today. */
async function salesOver(db: AppDb, filters: PortfolioFilters, unit: "month" | "week", first: string) {
  const periodOf = (day: SQL) => sql`to_char(date_trunc(${unit}, (${day})::timestamp), 'YYYY-MM-DD')`;
  const sales = await queryRows(
    db,
    sql`
    select ${periodOf(sql`a.sale_date`)} as period, coalesce(pc.name, 'No category') as category,
      sum(i.quantity) as units, sum(i.total_kobo) as value
    from accounts a
    join sale_items i on i.sale_id = a.sale_id
    join products pr on pr.id = i.product_id
    left join product_categories pc on pc.id = pr.category_id
    where ${filtersSql(filters)} and a.sale_date >= ${first}::date
    group by 1, 2 order by 1, 2`,
    z.object({ period: z.string(), category: z.string(), units: count, value: kobo }),
  );
  const collections = await queryRows(
    db,
    sql`
    select ${periodOf(sql`lagos_day(p.created_at)`)} as period,
      coalesce(sum(p.amount_kobo) filter (where p.method = 'CASH'), 0) as cash,
      coalesce(sum(p.amount_kobo) filter (where p.method <> 'CASH'), 0) as online
    from sale_payments p join accounts a on a.sale_id = p.sale_id
    where ${filtersSql(filters)} and ${COUNTED} and p.created_at >= ${lagosMidnight(first)}::timestamptz
    group by 1 order by 1`,
    z.object({ period: z.string(), cash: kobo, online: kobo }),
  );
  return {
    sales: sales.map((row) => ({ ...row, value: koboToNaira(row.value) })),
    collections: collections.map((row) => ({
      period: row.period,
      cash: koboToNaira(row.cash),
      online: koboToNaira(row.online),
    })),
  };
}

/** The agents with the largest books; the account list filters by any agent. */
export const AGENTS_SHOWN = 20;

/** Per agent: accounts sold, their value, the active outstanding balance and PAR 30 by balance. */
export async function agentFigures(db: AppDb, filters: PortfolioFilters) {
  return agentsOf(db, liveBook(filters));
}

/** The AGENTS_SHOWN agents with the largest active balance in `book`, largest first. */
const agentsSelect = (book: SQL) => sql`
    select g.agent_id, coalesce(ag.firstname || ' ' || ag.lastname, 'No agent') as name,
      g.accounts, g.value, g.outstanding, g.par30
    from (
      select a.agent_id, sum(a.accounts) as accounts, sum(a.total_kobo) as value,
        coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE}), 0) as outstanding,
        coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE} and a.days_late > 30), 0) as par30
      from ${book} group by a.agent_id having sum(a.accounts) > 0
    ) g left join agents ag on ag.id = g.agent_id
    order by g.outstanding desc, name
    limit ${AGENTS_SHOWN}`;

const AgentRow = z.object({
  agent_id: z.string().nullable(),
  name: z.string(),
  accounts: count,
  value: kobo,
  outstanding: kobo,
  par30: kobo,
});

const agentsFrom = (rows: z.infer<typeof AgentRow>[]) =>
  rows.map((row) => ({
    agentId: row.agent_id,
    name: row.name,
    accounts: row.accounts,
    value: koboToNaira(row.value),
    outstanding: koboToNaira(row.outstanding),
    par30: ratio(row.par30, row.outstanding, true),
  }));

async function agentsOf(db: AppDb, book: SQL) {
  return agentsFrom(await queryRows(db, agentsSelect(book), AgentRow));
}

/**
 * The three figures that sum the day's book, in one statement that works the book out once: it is the
 * day's start plus what changed since, and each of the three would otherwise add up the changes again.
 */
async function dayBookFigures(db: AppDb, kept: SQL, periods: number) {
  const book = sql`book a`;
  const [row] = await queryRows(
    db,
    sql`with book as materialized (select * from ${kept})
      select (select to_jsonb(r) from (${riskSelect(book)}) r) as risk,
        (select to_jsonb(r) from (${collectionsSelect(book, periods)}) r) as rates,
        (select coalesce(jsonb_agg(r order by r.outstanding desc, r.name), '[]'::jsonb)
          from (${agentsSelect(book)}) r) as agents`,
    z.object({ risk: Sums, rates: Sums, agents: z.array(AgentRow) }),
  );
  return {
    risk: riskFrom(row.risk),
    rates: collectionsFrom(row.rates, periods),
    agents: agentsFrom(row.agents),
  };
}

export async function portfolioSummary(
  db: AppDb,
  filters: PortfolioFilters,
  today = lagosToday(),
): Promise<PortfolioSummary> {
  const periods = collectionPeriods(today);
  const kept = await dayBook(db, filters, today);
  const { risk, rates, agents } = kept
    ? await dayBookFigures(db, kept, periods.length)
    : {
        risk: await riskOf(db, liveBook(filters)),
        rates: await collectionRates(db, filters, periods),
        agents: await agentsOf(db, liveBook(filters)),
      };
  const collection = periods.map((period, index) => ({
    ...period,
    collected: koboToNaira(rates[index].collected),
    scheduled: koboToNaira(rates[index].scheduled),
    rate: rate(rates[index].collected, rates[index].scheduled),
  }));
  return {
    asOf: today,
    ...risk,
    collection,
    ...(await historyFigures(db, filters, today)),
    agents,
  };
}

// The day's start (decision 038). Summing every account on each request costs the whole book; instead
// the day's roll writes each account's figures once (portfolio_base) and their sums by agent, status and
// days-late band (portfolio_cells), and a request adds to those sums what changed since: the accounts the
// triggers marked `changed`, less their part of the day's start, plus their figures now. The same
// definitions (riskSelect, collectionsSelect, agentsSelect) read either this or the accounts themselves.

/**
 * Days no figure tells apart share a band, named by its first day: each bucket's first day and the day
 * after each PAR threshold start one, so every bucket and PAR condition holds for a band's first day
 * exactly when it holds for all of its days.
 */
export const BAND_STARTS = [
  ...new Set([0, ...BUCKETS.map((bucket) => bucket.min), ...PAR_DAYS.map((days) => days + 1)]),
].sort((first, second) => first - second);
const bandOf = (days: SQL) =>
  sql`case ${sql.join(
    BAND_STARTS.slice(1)
      .reverse()
      .map((start) => sql`when ${days} >= ${sql.raw(String(start))} then ${sql.raw(String(start))}`),
    sql` `,
  )} else 0 end`;

// A pair for each of collectionPeriods()'s three periods.
const DAY_COLUMNS = ["scheduled0", "collected0", "scheduled1", "collected1", "scheduled2", "collected2"];
const dayColumns = (alias: string, prefix = "") =>
  sql.raw(DAY_COLUMNS.map((column) => `${prefix}${alias}.${column}`).join(", "));
const sharesOf = (alias: string) =>
  sql.raw(DAY_COLUMNS.map((column) => `coalesce(${alias}.${column}, 0)`).join(", "));

/**
 * The day's roll: each account as it stands (the roll has just brought every active one to `today`) with
 * its share of today's collection periods, and their sums. Run in the roll's transaction, which holds
 * the accounts still, so nothing changes between the two.
 */
export async function writeDayStart(tx: AppDb, today: string) {
  await tx.execute(sql`update accounts set changed = false where changed`);
  await tx.execute(sql`delete from portfolio_base`);
  await tx.execute(sql`delete from portfolio_cells`);
  await tx.execute(sql`
    insert into portfolio_base (day, sale_id, agent_id, status, days_late, total_kobo, outstanding_kobo,
      ${sql.raw(DAY_COLUMNS.join(", "))})
    select ${today}::date, ac.sale_id, ac.agent_id, ac.status, ac.days_late, ac.total_kobo, ac.outstanding_kobo,
      ${sharesOf("a")}
    from accounts ac left join ${collectionShares(sql`true`, collectionPeriods(today))} on a.sale_id = ac.sale_id`);
  await tx.execute(sql`
    insert into portfolio_cells (day, agent_id, status, days_late, accounts, total_kobo, outstanding_kobo,
      ${sql.raw(DAY_COLUMNS.join(", "))})
    select day, agent_id, status, ${bandOf(sql`days_late`)}, count(*), sum(total_kobo), sum(outstanding_kobo),
      ${sql.raw(DAY_COLUMNS.map((column) => `sum(${column})`).join(", "))}
    from portfolio_base group by 1, 2, 3, 4`);
  // The planner must know that few accounts are changed and how large the day's tables are, or it reads
  // the whole book for the changes; PGlite has no autovacuum to tell it.
  await tx.execute(sql`analyze accounts, portfolio_base, portfolio_cells`);
}

/**
 * The accounts changed since the day's roll, as an array: their day-start rows are then found by the day's
 * key one by one. Joined to the accounts instead, the planner reads all of the day's start to find them
 * (its costs take the index for slower than it is when the tables are in memory).
 */
const CHANGED_IDS = sql`array(select sale_id from accounts where changed)`;

/**
 * The day's book for the whole portfolio or one agent's, once today's roll has written it; null for other
 * filters (a product, a place, sale dates: the accounts are read instead). Without `shares`, the changed
 * accounts' collection shares are left out (zero): what they cost grows with the day's payments, and
 * a figure of balances and days late does not read them.
 */
async function dayBook(
  db: AppDb,
  filters: PortfolioFilters,
  today: string,
  { shares = true } = {},
): Promise<SQL | null> {
  if (Object.entries(filters).some(([key, value]) => value && key !== "agentId")) return null;
  const [{ ready }] = await queryRows(
    db,
    sql`select exists (select 1 from portfolio_cells where day = ${today}::date) as ready`,
    z.object({ ready: z.boolean() }),
  );
  if (!ready) return null;
  const agentId = filters.agentId;
  const ofAgent = (column: string) => (agentId ? sql`${sql.raw(column)} = ${agentId}` : sql`true`);
  return sql`(
    select c.agent_id, c.status, c.days_late, c.accounts, c.total_kobo, c.outstanding_kobo, ${dayColumns("c")}
    from portfolio_cells c where c.day = ${today}::date and ${ofAgent("c.agent_id")}
    union all
    select b.agent_id, b.status, b.days_late, -1, -b.total_kobo, -b.outstanding_kobo, ${dayColumns("b", "-")}
    from portfolio_base b
    where b.day = ${today}::date and b.sale_id = any(${CHANGED_IDS}) and ${ofAgent("b.agent_id")}
    union all
    select ch.agent_id, ch.status, ch.days_late, 1, ch.total_kobo, ch.outstanding_kobo, ${
      shares ? sharesOf("a") : sql.raw(DAY_COLUMNS.map(() => "0").join(", "))
    }
    from accounts ch ${
      shares
        ? sql`left join ${collectionShares(
            sql`a.changed and ${ofAgent("a.agent_id")}`,
            collectionPeriods(today),
          )} on a.sale_id = ch.sale_id`
        : sql``
    }
    where ch.changed and ${ofAgent("ch.agent_id")}
  ) a`;
}

const HistorySchema = PortfolioSummarySchema.pick({
  historyComputedAt: true,
  firstPaymentDefault: true,
  defaultRate: true,
  vintage: true,
  sales: true,
  collections: true,
  weeklySales: true,
  weeklyCollections: true,
});
type History = z.infer<typeof HistorySchema>;

/** The filters in a fixed order: the same filters, the same key. */
const filtersKey = (filters: PortfolioFilters) =>
  JSON.stringify(
    (["from", "to", "productId", "categoryId", "agentId", "location", "cohort"] as const).map(
      (key) => filters[key] ?? null,
    ),
  );

/**
 * The figures that read months of history, worked out once a Lagos day per set of filters and kept in the
 * database, so every process shares them and a dashboard opened again today costs one read.
 */
export async function historyFigures(db: AppDb, filters: PortfolioFilters, today: string): Promise<History> {
  return keptForDay(db, `${today}:${filtersKey(filters)}`, today, HistorySchema, async () => ({
    historyComputedAt: new Date().toISOString(),
    firstPaymentDefault: await firstPaymentDefault(db, filters, today),
    defaultRate: await defaultRate(db, filters, today),
    vintage: await vintage(db, filters, today),
    ...(await salesAndCollections(db, filters, today)),
  }));
}

/** `work`'s answer, worked out on the day's first read of `key` and kept for the rest of the day. */
async function keptForDay<T>(
  db: AppDb,
  key: string,
  today: string,
  schema: z.ZodType<T>,
  work: () => Promise<T>,
): Promise<T> {
  const [kept] = await db.select().from(portfolioHistory).where(eq(portfolioHistory.key, key));
  const parsed = kept ? schema.safeParse(kept.figures) : null;
  if (parsed?.success) return parsed.data;
  const figures = await work();
  await db
    .insert(portfolioHistory)
    .values({ key, day: today, figures })
    .onConflictDoUpdate({ target: portfolioHistory.key, set: { figures, createdAt: new Date() } });
  return figures;
}

// The account list: the conditions of a tile or bucket on top of the filters.
function listConditions(query: AccountExportQuery, today: string): SQL {
  const conditions: SQL[] = [filtersSql(query)];
  if (query.bucket) {
    const bucket = BUCKETS.find((candidate) => candidate.key === query.bucket);
    if (bucket) conditions.push(sql`${ACTIVE} and ${bucketSql(bucket)}`);
  }
  if (query.status) conditions.push(sql`a.status = ${query.status}`);
  if (query.active) conditions.push(ACTIVE);
  if (query.newlyLate) conditions.push(newlyLate(today));
  if (query.lateOver !== undefined) conditions.push(sql`${ACTIVE} and a.days_late > ${query.lateOver}`);
  if (query.firstPaymentDefault)
    conditions.push(sql`a.status <> 'CANCELLED' and a.first_due_date + 30 <= ${today}::date
      and (a.first_paid_on is null or a.first_paid_on > a.first_due_date + 30)`);
  const search = query.search?.trim();
  if (search) conditions.push(accountSearchSql(search));
  return sql.join(conditions, sql` and `);
}

/** A search of the sale's number, the customer's name or phone: on `accounts a` with its names (withNames). */
export function accountSearchSql(search: string): SQL {
  const number = saleNumberIn(search);
  const like = `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
  return sql`(
    ${number !== null ? sql`s.number = ${number} or ` : sql``}
    (c.firstname || ' ' || c.lastname) ilike ${like} or c.phone like ${like.replace(/\s/g, "")})`;
}

const ORDER: Record<AccountListQuery["sort"], SQL> = {
  // As accounts_late_idx: active accounts come in this order from it.
  daysLate: sql`a.days_late desc nulls last, a.arrears_kobo desc nulls last, a.sale_id`,
  arrears: sql`a.arrears_kobo desc, a.days_late desc, a.sale_id`,
  outstanding: sql`a.outstanding_kobo desc, a.sale_id`,
  saleDate: sql`a.sale_date desc, a.sale_id`,
};

export const AccountRow = z.object({
  sale_id: z.string(),
  number: count,
  customer_id: z.string(),
  customer_name: z.string(),
  phone: z.string(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  products: z.string().nullable(),
  sale_date: z.string(),
  total_kobo: kobo,
  paid_kobo: kobo,
  outstanding_kobo: kobo,
  arrears_kobo: kobo,
  expected_kobo: kobo,
  days_late: count,
  credit_expiry: z.string().nullable(),
  status: z.enum(["ON_TIME", "LATE", "DEFAULTED", "COMPLETED", "CANCELLED", "WRITTEN_OFF", "REPOSSESSED"]),
  last_payment_on: z.string().nullable(),
});

/** Accounts (the table, or a page of it) with their sale, customer and agent. */
export const withNames = (source: SQL) => sql`
  from ${source} a
  join sales s on s.id = a.sale_id
  join customers c on c.id = a.customer_id
  left join agents ag on ag.id = a.agent_id`;
const FROM_ACCOUNTS = withNames(sql`accounts`);

export const ACCOUNT_COLUMNS = sql`
  a.sale_id, s.number, a.customer_id, c.firstname || ' ' || c.lastname as customer_name, c.phone,
  a.agent_id, ag.firstname || ' ' || ag.lastname as agent_name,
  (select string_agg(pr.name, ', ' order by pr.name) from sale_items i join products pr on pr.id = i.product_id
    where i.sale_id = a.sale_id) as products,
  a.sale_date::text, a.total_kobo, a.paid_kobo, a.outstanding_kobo, a.arrears_kobo, a.expected_kobo,
  a.days_late, a.credit_expiry::text, a.status, a.last_payment_on::text`;

export function accountRecord(row: z.infer<typeof AccountRow>): AccountRecord {
  return {
    saleId: row.sale_id,
    saleNumber: saleNumberText(row.number),
    customerId: row.customer_id,
    customerName: row.customer_name,
    phone: row.phone,
    agentId: row.agent_id,
    agentName: row.agent_name,
    products: row.products ?? "",
    saleDate: row.sale_date,
    total: koboToNaira(row.total_kobo),
    paid: koboToNaira(row.paid_kobo),
    outstanding: koboToNaira(row.outstanding_kobo),
    arrears: koboToNaira(row.arrears_kobo),
    expected: koboToNaira(row.expected_kobo),
    daysLate: row.days_late,
    creditExpiry: row.credit_expiry,
    status: row.status,
    lastPaymentOn: row.last_payment_on,
  };
}

export async function countAccounts(db: AppDb, query: AccountExportQuery, today = lagosToday()) {
  const [row] = await queryRows(
    db,
    // Only a search reads the sale's number and the customer: without one, the accounts alone are counted.
    sql`select count(*) as total ${query.search?.trim() ? FROM_ACCOUNTS : sql`from accounts a`}
      where ${listConditions(query, today)}`,
    z.object({ total: count }),
  );
  return row.total;
}

export async function listAccounts(db: AppDb, query: AccountListQuery, today = lagosToday()) {
  return readAccountsFrom(db, query, (query.page - 1) * query.limit, query.limit, today);
}

/**
 * A page of the list in its order (the export reads it a batch at a time). Without a search the page is
 * chosen from the accounts alone, in an index's order, and only its rows are joined to their names.
 */
export async function readAccountsFrom(
  db: AppDb,
  query: AccountExportQuery,
  offset: number,
  limit: number,
  today = lagosToday(),
) {
  const page = sql`where ${listConditions(query, today)} order by ${ORDER[query.sort]} limit ${limit} offset ${offset}`;
  const rows = await queryRows(
    db,
    query.search?.trim()
      ? sql`select ${ACCOUNT_COLUMNS} ${FROM_ACCOUNTS} ${page}`
      : sql`select ${ACCOUNT_COLUMNS} ${withNames(sql`(select * from accounts a ${page})`)}
        order by ${ORDER[query.sort]}`,
    AccountRow,
  );
  return rows.map(accountRecord);
}

export const ACCOUNT_EXPORT_HEADER = [
  "Sale",
  "Customer",
  "Phone",
  "Agent",
  "Products",
  "Sale date",
  "Total (NGN)",
  "Paid (NGN)",
  "Outstanding (NGN)",
  "Arrears (NGN)",
  "Days late",
  "Credit expiry",
  "Status",
  "Last payment",
];

export const accountExportCells = (account: AccountRecord) => [
  account.saleNumber,
  account.customerName,
  account.phone,
  account.agentName ?? "",
  account.products,
  account.saleDate,
  account.total,
  account.paid,
  account.outstanding,
  account.arrears,
  account.daysLate,
  account.creditExpiry ?? "",
  account.status,
  account.lastPaymentOn ?? "",
];

/** An account's figures for its sale's page; null for a sale that is not an account. */
export async function accountFigures(db: AppDb, saleId: string) {
  const [row] = await queryRows(
    db,
    sql`select ${ACCOUNT_COLUMNS} ${FROM_ACCOUNTS} where a.sale_id = ${saleId}`,
    AccountRow,
  );
  return row ? accountRecord(row) : null;
}

/** Credit ran out yesterday: late from today (one day late once rolled to today, read by its index). */
const newlyLate = (today: string) =>
  sql`${ACTIVE} and a.days_late = 1 and a.credit_expiry = ${addDays(today, -1)}::date`;

/** The Action Center's count of accounts that became late today. */
export async function becameLateToday(db: AppDb, today = lagosToday()) {
  const [row] = await queryRows(
    db,
    sql`select count(*) as total from accounts a where ${newlyLate(today)}`,
    z.object({ total: count }),
  );
  return row.total;
}

/** The filter form offers the products with the most accounts; a link may name any product. */
export const PRODUCTS_OFFERED = 100;

const optionsKey = (today: string) => `${today}:options`;

/** A new account may bring a product or category the filter form does not offer yet. */
export async function forgetOptions(tx: AppDb, today: string) {
  await tx.delete(portfolioHistory).where(eq(portfolioHistory.key, optionsKey(today)));
}

export async function portfolioOptions(db: AppDb, today = lagosToday()) {
  const option = z.object({ id: z.string(), name: z.string() });
  const agents = await queryRows(
    db,
    sql`select ag.id, ag.firstname || ' ' || ag.lastname as name from agents ag
      where exists (select 1 from accounts a where a.agent_id = ag.id) order by 2`,
    option,
  );
  // The products and categories read every sale item of the book: kept until an account is opened.
  const catalogue = await keptForDay(
    db,
    optionsKey(today),
    today,
    z.object({ products: z.array(option), categories: z.array(option) }),
    async () => ({
      products: await queryRows(
        db,
        // A catalogue of thousands would make every page carry them all: the most sold, by name.
        sql`select id, name from (
            select pr.id, pr.name, count(*) as sold from products pr
            join sale_items i on i.product_id = pr.id join accounts a on a.sale_id = i.sale_id
            group by pr.id, pr.name order by sold desc, pr.name limit ${PRODUCTS_OFFERED}
          ) most order by name`,
        option,
      ),
      categories: await queryRows(
        db,
        sql`select pc.id, pc.name from product_categories pc
          where exists (select 1 from products pr join sale_items i on i.product_id = pr.id
            join accounts a on a.sale_id = i.sale_id where pr.category_id = pc.id)
          order by 2`,
        option,
      ),
    }),
  );
  return { agents, ...catalogue };
}

/**
 * The Home tile's PAR 30 (a percentage with one decimal, left out while no account is active) and the
 * Action Center's accounts that became late today.
 */
export async function portfolioCounts(db: AppDb, today = lagosToday()): Promise<Record<string, number>> {
  const book = (await dayBook(db, {}, today, { shares: false })) ?? liveBook({});
  const [row] = await queryRows(
    db,
    sql`select
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE}), 0) as active,
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE} and a.days_late > 30), 0) as par30
    from ${book}`,
    z.object({ active: kobo, par30: kobo }),
  );
  const par30 = rate(row.par30, row.active);
  return {
    portfolioLateToday: await becameLateToday(db, today),
    ...(par30 === null ? {} : { portfolioPar30: Math.round(par30 * 1000) / 10 }),
  };
}

/**
 * How many accounts are late or defaulted, from the day's start plus what changed since (the worklist's
 * and the Home tile's count): every page's frame asks for it, so it must not read the whole book.
 */
export async function lateAccountCount(db: AppDb, today = lagosToday()) {
  const late = sql`in ('LATE', 'DEFAULTED')`;
  // The day book's arithmetic with counts alone: its collection shares are not needed to count. The changed
  // accounts are counted by filtering them, not by a condition on their status: the planner would combine
  // the late accounts' index (a fifth of the book) with the changed ones' instead of reading the few changed.
  const [row] = await queryRows(
    db,
    sql`select case when exists (select 1 from portfolio_cells where day = ${today}::date) then
        (select coalesce(sum(c.accounts), 0) from portfolio_cells c
          where c.day = ${today}::date and c.status ${late})
        - (select count(*) from portfolio_base b
          where b.day = ${today}::date and b.sale_id = any(${CHANGED_IDS}) and b.status ${late})
        + (select count(*) filter (where ch.status ${late}) from accounts ch where ch.changed)
      else (select count(*) from accounts a where a.status ${late}) end as late`,
    z.object({ late: count }),
  );
  return row.late;
}

/** A customer's accounts, newest first (their page shows them with their statements). */
export async function customerAccounts(db: AppDb, customerId: string) {
  const rows = await queryRows(
    db,
    sql`select ${ACCOUNT_COLUMNS} ${FROM_ACCOUNTS} where a.customer_id = ${customerId}
      order by a.sale_date desc, a.sale_id limit 50`,
    AccountRow,
  );
  return rows.map(accountRecord);
}
