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
import { addMonths } from "./sale-schedule";
import { lagosToday, previousDay } from "./loan-book";

// The portfolio's figures (issue 26, decision 037): one SQL definition each, over the accounts the loan
// book keeps (`accounts a`), their schedules and payments. The words printed beside each figure are
// DEFINITIONS in constants/portfolio.ts; the tests in portfolio.test.ts work each one out by hand.

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

const bucketSql = (bucket: (typeof BUCKETS)[number]) =>
  bucket.max === null
    ? sql`a.days_late >= ${bucket.min}`
    : sql`a.days_late between ${bucket.min} and ${bucket.max}`;

/** PAR by balance and by count, active accounts and outstanding, and the days-late buckets: one scan. */
export async function riskFigures(db: AppDb, filters: PortfolioFilters) {
  const parColumns = PAR_DAYS.map(
    (days) => sql`
      count(*) filter (where ${ACTIVE} and a.days_late > ${days}) as ${sql.raw(`par${days}_count`)},
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE} and a.days_late > ${days}), 0) as ${sql.raw(`par${days}_kobo`)}`,
  );
  const bucketColumns = BUCKETS.map(
    (bucket, index) => sql`
      count(*) filter (where ${ACTIVE} and ${bucketSql(bucket)}) as ${sql.raw(`bucket${index}_count`)},
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE} and ${bucketSql(bucket)}), 0) as ${sql.raw(`bucket${index}_kobo`)}`,
  );
  const [row] = await queryRows(
    db,
    sql`select
      count(*) filter (where ${ACTIVE}) as active_count,
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE}), 0) as active_kobo,
      ${sql.join([...parColumns, ...bucketColumns], sql`, `)}
    from accounts a where ${filtersSql(filters)}`,
    z.record(z.coerce.number()),
  );
  const activeCount = row.active_count;
  const activeKobo = row.active_kobo;
  return {
    active: { count: activeCount, outstanding: koboToNaira(activeKobo) },
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
  const earliest = periods.reduce((min, period) => (period.from < min ? period.from : min), periods[0].from);
  const latest = periods.reduce((max, period) => (period.to > max ? period.to : max), periods[0].to);
  // An account counts in a period if it was sold by its end and not paid off before its start.
  const counts = (period: { from: string; to: string }) =>
    sql`(e.completed_on is null or e.completed_on >= ${period.from}::date) and e.sale_date <= ${period.to}::date`;
  const columns = periods.map(
    (period, index) => sql`
      (select coalesce(sum(sc.amount_kobo), 0) from account_schedule sc join eligible e on e.sale_id = sc.sale_id
        where sc.number > 0 and sc.due_date between ${period.from}::date and ${period.to}::date
          and ${counts(period)}) as ${sql.raw(`scheduled${index}`)},
      (select coalesce(sum(
          greatest(0, e.paid_kobo - r.${sql.raw(`after${index}`)} - e.deposit_kobo)
          - greatest(0, e.paid_kobo - r.${sql.raw(`since${index}`)} - e.deposit_kobo)), 0)
        from eligible e join received r on r.sale_id = e.sale_id
        where ${counts(period)}) as ${sql.raw(`collected${index}`)}`,
  );
  const sums = periods.map(
    (period, index) => sql`
      coalesce(sum(p.amount_kobo) filter (where p.created_at >= ${lagosMidnight(period.from)}::timestamptz), 0)
        as ${sql.raw(`since${index}`)},
      coalesce(sum(p.amount_kobo) filter (
        where p.created_at >= ${lagosMidnight(period.to)}::timestamptz + interval '1 day'), 0)
        as ${sql.raw(`after${index}`)}`,
  );
  const [row] = await queryRows(
    db,
    sql`
    with eligible as (
      select a.sale_id, a.paid_kobo, a.deposit_kobo, a.completed_on, a.sale_date from accounts a
      where ${filtersSql(filters)} and a.status <> 'CANCELLED'
        and (a.completed_on is null or a.completed_on >= ${earliest}::date)
        and a.sale_date <= ${latest}::date
    ),
    received as (
      select p.sale_id, ${sql.join(sums, sql`, `)}
      from sale_payments p
      where p.created_at >= ${lagosMidnight(earliest)}::timestamptz and ${COUNTED}
      group by p.sale_id
    )
    select ${sql.join(columns, sql`, `)}`,
    z.record(z.coerce.number()),
  );
  return periods.map((_, index) => ({
    scheduled: row[`scheduled${index}`],
    collected: row[`collected${index}`],
  }));
}

export function collectionPeriods(today: string) {
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = addMonths(thisMonth, -1);
  return [
    { key: "thisMonth" as const, label: "This month", from: thisMonth, to: today },
    { key: "lastMonth" as const, label: "Last month", from: lastMonth, to: previousDay(thisMonth) },
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

/** The last twelve months: units and value sold by category, and money received, cash and online. */
export async function salesAndCollections(db: AppDb, filters: PortfolioFilters, today: string) {
  const first = addMonths(`${today.slice(0, 7)}-01`, -11);
  const sales = await queryRows(
    db,
    sql`
    select to_char(a.sale_date, 'YYYY-MM') as month, coalesce(pc.name, 'No category') as category,
      sum(i.quantity) as units, sum(i.total_kobo) as value
    from accounts a
    join sale_items i on i.sale_id = a.sale_id
    join products pr on pr.id = i.product_id
    left join product_categories pc on pc.id = pr.category_id
    where ${filtersSql(filters)} and a.sale_date >= ${first}::date
    group by 1, 2 order by 1, 2`,
    z.object({ month: z.string(), category: z.string(), units: count, value: kobo }),
  );
  const collections = await queryRows(
    db,
    sql`
    select to_char(lagos_day(p.created_at), 'YYYY-MM') as month,
      coalesce(sum(p.amount_kobo) filter (where p.method = 'CASH'), 0) as cash,
      coalesce(sum(p.amount_kobo) filter (where p.method <> 'CASH'), 0) as online
    from sale_payments p join accounts a on a.sale_id = p.sale_id
    where ${filtersSql(filters)} and ${COUNTED} and p.created_at >= ${lagosMidnight(first)}::timestamptz
    group by 1 order by 1`,
    z.object({ month: z.string(), cash: kobo, online: kobo }),
  );
  return {
    sales: sales.map((row) => ({ ...row, value: koboToNaira(row.value) })),
    collections: collections.map((row) => ({
      month: row.month,
      cash: koboToNaira(row.cash),
      online: koboToNaira(row.online),
    })),
  };
}

/** The agents with the largest books; the account list filters by any agent. */
export const AGENTS_SHOWN = 20;

/** Per agent: accounts sold, their value, the active outstanding balance and PAR 30 by balance. */
export async function agentFigures(db: AppDb, filters: PortfolioFilters) {
  const rows = await queryRows(
    db,
    sql`
    select a.agent_id, coalesce(ag.firstname || ' ' || ag.lastname, 'No agent') as name,
      count(*) as accounts, sum(a.total_kobo) as value,
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE}), 0) as outstanding,
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE} and a.days_late > 30), 0) as par30
    from accounts a left join agents ag on ag.id = a.agent_id
    where ${filtersSql(filters)}
    group by a.agent_id, ag.firstname, ag.lastname
    order by outstanding desc, name
    limit ${AGENTS_SHOWN}`,
    z.object({
      agent_id: z.string().nullable(),
      name: z.string(),
      accounts: count,
      value: kobo,
      outstanding: kobo,
      par30: kobo,
    }),
  );
  return rows.map((row) => ({
    agentId: row.agent_id,
    name: row.name,
    accounts: row.accounts,
    value: koboToNaira(row.value),
    outstanding: koboToNaira(row.outstanding),
    par30: ratio(row.par30, row.outstanding, true),
  }));
}

export async function portfolioSummary(
  db: AppDb,
  filters: PortfolioFilters,
  today = lagosToday(),
): Promise<PortfolioSummary> {
  const risk = await riskFigures(db, filters);
  const periods = collectionPeriods(today);
  const rates = await collectionRates(db, filters, periods);
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
    agents: await agentFigures(db, filters),
  };
}

const HistorySchema = PortfolioSummarySchema.pick({
  historyComputedAt: true,
  firstPaymentDefault: true,
  defaultRate: true,
  vintage: true,
  sales: true,
  collections: true,
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
  const key = `${today}:${filtersKey(filters)}`;
  const [kept] = await db.select().from(portfolioHistory).where(eq(portfolioHistory.key, key));
  const parsed = kept ? HistorySchema.safeParse(kept.figures) : null;
  if (parsed?.success) return parsed.data;
  const history: History = {
    historyComputedAt: new Date().toISOString(),
    firstPaymentDefault: await firstPaymentDefault(db, filters, today),
    defaultRate: await defaultRate(db, filters, today),
    vintage: await vintage(db, filters, today),
    ...(await salesAndCollections(db, filters, today)),
  };
  await db
    .insert(portfolioHistory)
    .values({ key, day: today, figures: history })
    .onConflictDoUpdate({ target: portfolioHistory.key, set: { figures: history, createdAt: new Date() } });
  return history;
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
  if (search) {
    const number = saleNumberIn(search);
    const like = `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(sql`(
      ${number !== null ? sql`s.number = ${number} or ` : sql``}
      (c.firstname || ' ' || c.lastname) ilike ${like} or c.phone like ${like.replace(/\s/g, "")})`);
  }
  return sql.join(conditions, sql` and `);
}

const ORDER: Record<AccountListQuery["sort"], SQL> = {
  daysLate: sql`a.days_late desc, a.arrears_kobo desc, a.sale_id`,
  arrears: sql`a.arrears_kobo desc, a.days_late desc, a.sale_id`,
  outstanding: sql`a.outstanding_kobo desc, a.sale_id`,
  saleDate: sql`a.sale_date desc, a.sale_id`,
};

const AccountRow = z.object({
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

const FROM_ACCOUNTS = sql`
  from accounts a
  join sales s on s.id = a.sale_id
  join customers c on c.id = a.customer_id
  left join agents ag on ag.id = a.agent_id`;

const ACCOUNT_COLUMNS = sql`
  a.sale_id, s.number, a.customer_id, c.firstname || ' ' || c.lastname as customer_name, c.phone,
  a.agent_id, ag.firstname || ' ' || ag.lastname as agent_name,
  (select string_agg(pr.name, ', ' order by pr.name) from sale_items i join products pr on pr.id = i.product_id
    where i.sale_id = a.sale_id) as products,
  a.sale_date::text, a.total_kobo, a.paid_kobo, a.outstanding_kobo, a.arrears_kobo, a.expected_kobo,
  a.days_late, a.credit_expiry::text, a.status, a.last_payment_on::text`;

function accountRecord(row: z.infer<typeof AccountRow>): AccountRecord {
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
  const rows = await queryRows(
    db,
    sql`select ${ACCOUNT_COLUMNS} ${FROM_ACCOUNTS}
      where ${listConditions(query, today)}
      order by ${ORDER[query.sort]}
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    AccountRow,
  );
  return rows.map(accountRecord);
}

/** The export reads in the list's order, a batch at a time (offset paging within one sort). */
export async function readAccountsFrom(
  db: AppDb,
  query: AccountExportQuery,
  offset: number,
  limit: number,
  today = lagosToday(),
) {
  const rows = await queryRows(
    db,
    sql`select ${ACCOUNT_COLUMNS} ${FROM_ACCOUNTS}
      where ${listConditions(query, today)}
      order by ${ORDER[query.sort]}
      limit ${limit} offset ${offset}`,
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

/** Credit ran out yesterday: late from today. */
const newlyLate = (today: string) => sql`${ACTIVE} and a.credit_expiry = ${previousDay(today)}::date`;

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

export async function portfolioOptions(db: AppDb) {
  const option = z.object({ id: z.string(), name: z.string() });
  const agents = await queryRows(
    db,
    sql`select ag.id, ag.firstname || ' ' || ag.lastname as name from agents ag
      where exists (select 1 from accounts a where a.agent_id = ag.id) order by 2`,
    option,
  );
  const products = await queryRows(
    db,
    // A catalogue of thousands would make every page carry them all: the most sold, by name.
    sql`select id, name from (
        select pr.id, pr.name, count(*) as sold from products pr
        join sale_items i on i.product_id = pr.id join accounts a on a.sale_id = i.sale_id
        group by pr.id, pr.name order by sold desc, pr.name limit ${PRODUCTS_OFFERED}
      ) most order by name`,
    option,
  );
  const categories = await queryRows(
    db,
    sql`select pc.id, pc.name from product_categories pc
      where exists (select 1 from products pr join sale_items i on i.product_id = pr.id
        join accounts a on a.sale_id = i.sale_id where pr.category_id = pc.id)
      order by 2`,
    option,
  );
  return { agents, products, categories };
}

/**
 * The Home tile's PAR 30 (a percentage with one decimal, left out while no account is active) and the
 * Action Center's accounts that became late today.
 */
export async function portfolioCounts(db: AppDb, today = lagosToday()): Promise<Record<string, number>> {
  const [row] = await queryRows(
    db,
    sql`select
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE}), 0) as active,
      coalesce(sum(a.outstanding_kobo) filter (where ${ACTIVE} and a.days_late > 30), 0) as par30,
      count(*) filter (where ${newlyLate(today)}) as newly_late
    from accounts a`,
    z.object({ active: kobo, par30: kobo, newly_late: count }),
  );
  const par30 = rate(row.par30, row.active);
  return {
    portfolioLateToday: row.newly_late,
    ...(par30 === null ? {} : { portfolioPar30: Math.round(par30 * 1000) / 10 }),
  };
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
