import { eq, inArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../db/client";
import type { ReadCache } from "../http/read-cache";
import { arrayParam } from "../db/bulk-insert";
import { queryRows } from "../db/query-rows";
import { accounts, collectionCases, collectionContacts } from "../db/schema";
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  CONTACT_OUTCOME_LABELS,
  PROMISE_MAX_DAYS,
  PROMISE_STATES,
} from "../constants/collections";
import { BUCKETS } from "../constants/portfolio";
import { saleNumberText } from "../constants/record-numbers";
import type {
  AssignInput,
  CollectionCase,
  CollectionCounts,
  CollectionListQuery,
  CollectionRecord,
  CollectionOptions,
  ContactInput,
  FollowUpInput,
} from "../schemas/collections";
import { addDays, lagosToday } from "../schemas/dates";
import { formatNaira } from "../constants/money";
import { koboToNaira } from "../schemas/money";
import type { StaffActor } from "./audit";
import { recordAudit, recordAudits } from "./audit";
import { invalid, invalidField, notFound } from "./errors";
import {
  ACCOUNT_COLUMNS,
  AccountRow,
  accountRecord,
  accountSearchSql,
  bucketSql,
  filtersSql,
  lateAccountCount,
  withNames,
} from "./portfolio";

// Collections (issue 27): the worklist of late accounts and staff's work on them. The accounts' figures
// come from the loan book (services/portfolio.ts); a promise's state from collection_promise_state(), the
// one definition of it (migration 0021).

const LATE = sql`a.status in ('LATE', 'DEFAULTED')`;
/** Only an account still being paid for can be worked. */
const WORKABLE = ["ON_TIME", "LATE", "DEFAULTED"];

const promiseState = (today: string) => sql`case when k.promise_kobo is not null
  then collection_promise_state(a.sale_id, k.promise_kobo, k.promise_made_at, k.promise_on, ${today}::date) end`;

/** What a tab and the filters select, on `accounts a` left joined to its case `k`. */
function worklistConditions(query: CollectionListQuery, viewerId: string, today: string): SQL {
  const conditions: SQL[] = [LATE, filtersSql({ agentId: query.agentId, location: query.location })];
  if (query.tab === "mine") conditions.push(sql`k.assigned_to = ${viewerId}`);
  if (query.tab === "due") conditions.push(sql`k.follow_up_on <= ${today}::date`);
  if (query.tab === "broken") conditions.push(sql`(${promiseState(today)}) = 'BROKEN'`);
  if (query.bucket) {
    const bucket = BUCKETS.find((candidate) => candidate.key === query.bucket);
    if (bucket) conditions.push(bucketSql(bucket));
  }
  if (query.assignedTo === "none") conditions.push(sql`k.assigned_to is null`);
  else if (query.assignedTo) conditions.push(sql`k.assigned_to = ${query.assignedTo}`);
  if (query.promiseDue)
    conditions.push(sql`k.promise_on = ${today}::date and (${promiseState(today)}) = 'OPEN'`);
  if (query.neverContacted) conditions.push(sql`k.last_contact_at is null`);
  const search = query.search?.trim();
  if (search) conditions.push(accountSearchSql(search));
  return sql.join(conditions, sql` and `);
}

// Broken promises first, then as the late-accounts index runs: days late, arrears.
const WORKLIST_ORDER = sql`coalesce(a.promise_state = 'BROKEN', false) desc, a.days_late desc, a.arrears_kobo desc, a.sale_id`;

const CaseRow = AccountRow.extend({
  assigned_to: z.string().nullable(),
  assigned_to_name: z.string().nullable(),
  follow_up_on: z.string().nullable(),
  last_contact_at: z.coerce.date().nullable(),
  promise_kobo: z.coerce.number().nullable(),
  promise_on: z.string().nullable(),
  promise_state: z.enum(PROMISE_STATES).nullable(),
});

const CASE_COLUMNS = sql`${ACCOUNT_COLUMNS}, a.assigned_to, u.firstname || ' ' || u.lastname as assigned_to_name,
  a.follow_up_on::text, a.last_contact_at, a.promise_kobo, a.promise_on::text, a.promise_state`;

/** Sales and customers joined only for a search: every other condition reads the account and its case. */
const searchJoins = (query: Pick<CollectionListQuery, "search">) =>
  query.search?.trim()
    ? sql`join sales s on s.id = a.sale_id join customers c on c.id = a.customer_id`
    : sql``;

/** `accounts a` with its case's columns and the promise's state, for the conditions. */
const casesWhere = (conditions: SQL, today: string, joins: SQL = sql``) => sql`(
  select a.*, k.assigned_to, k.follow_up_on, k.last_contact_at, k.promise_kobo, k.promise_on,
    ${promiseState(today)} as promise_state
  from accounts a left join collection_cases k on k.sale_id = a.sale_id ${joins}
  where ${conditions})`;

function caseRecord(row: z.infer<typeof CaseRow>): CollectionRecord {
  return {
    ...accountRecord(row),
    assignedTo: row.assigned_to,
    assignedToName: row.assigned_to_name,
    followUpOn: row.follow_up_on,
    lastContactAt: row.last_contact_at?.toISOString() ?? null,
    promise:
      row.promise_kobo !== null && row.promise_on !== null && row.promise_state !== null
        ? { amount: koboToNaira(row.promise_kobo), date: row.promise_on, state: row.promise_state }
        : null,
  };
}

/** The "All late" tab unfiltered is every late account: the day's book counts it without a scan. */
const isWholeWorklist = (query: CollectionListQuery) =>
  query.tab === "all" &&
  !query.search?.trim() &&
  !query.bucket &&
  !query.agentId &&
  !query.location &&
  !query.assignedTo &&
  !query.promiseDue &&
  !query.neverContacted;

/** `late` counts every late account; a caller may answer it from a cache that others share. */
export type LateCount = () => Promise<number>;

/**
 * The late accounts' count through a read cache: the worklist's total, its "All late" tab and the frame's
 * Collections tile are one number, read once for the three when a page asks for them together.
 */
export const cachedLateCount =
  (db: AppDb, cache: ReadCache<number>): LateCount =>
  () => {
    const today = lagosToday();
    return cache.get(`late-accounts:${today}`, () => lateAccountCount(db, today));
  };

export async function countWorklist(
  db: AppDb,
  query: CollectionListQuery,
  viewerId: string,
  today = lagosToday(),
  late: LateCount = () => lateAccountCount(db, today),
) {
  if (isWholeWorklist(query)) return late();
  const [row] = await queryRows(
    db,
    sql`select count(*) as total from accounts a left join collection_cases k on k.sale_id = a.sale_id
      ${searchJoins(query)}
      where ${worklistConditions(query, viewerId, today)}`,
    z.object({ total: z.coerce.number() }),
  );
  return row.total;
}

const IdRow = z.object({ sale_id: z.string() });
/** accounts_late_idx's own order (nulls last as it was built), so a page is read along it and stops. */
const LATE_ORDER = sql`a.days_late desc nulls last, a.arrears_kobo desc nulls last, a.sale_id`;

/**
 * One page in WORKLIST_ORDER, in two reads: the accounts with a broken promise (only worked accounts can
 * have one, so they are few), then the rest as the late-accounts index runs, which stops at the page's end
 * instead of sorting every late account.
 */
export async function listWorklist(
  db: AppDb,
  query: CollectionListQuery,
  viewerId: string,
  today = lagosToday(),
) {
  const conditions = worklistConditions(query, viewerId, today);
  const joins = searchJoins(query);
  const offset = (query.page - 1) * query.limit;
  const broken = await queryRows(
    db,
    sql`select a.sale_id from accounts a join collection_cases k on k.sale_id = a.sale_id ${joins}
      where ${conditions} and k.promise_kobo is not null and (${promiseState(today)}) = 'BROKEN'
      order by ${LATE_ORDER}`,
    IdRow,
  );
  const ids = broken.slice(offset, offset + query.limit).map((row) => row.sale_id);
  const wanted = query.limit - ids.length;
  if (wanted > 0) {
    const rest = await queryRows(
      db,
      sql`select a.sale_id from accounts a left join collection_cases k on k.sale_id = a.sale_id ${joins}
        where ${conditions} and (k.promise_kobo is null or (${promiseState(today)}) <> 'BROKEN')
        order by ${LATE_ORDER}
        limit ${wanted} offset ${Math.max(0, offset - broken.length)}`,
      IdRow,
    );
    ids.push(...rest.map((row) => row.sale_id));
  }
  if (ids.length === 0) return [];
  const rows = await queryRows(
    db,
    sql`select ${CASE_COLUMNS}
      ${withNames(casesWhere(sql`a.sale_id = any(${arrayParam(ids)}::text[])`, today))}
      left join users u on u.id = a.assigned_to
      order by ${WORKLIST_ORDER}`,
    CaseRow,
  );
  return rows.map(caseRecord);
}

/** The tabs' counts for `viewerId`, and the open promises due today. */
export async function worklistCounts(
  db: AppDb,
  viewerId: string,
  today = lagosToday(),
  late: LateCount = () => lateAccountCount(db, today),
): Promise<CollectionCounts> {
  // The worked accounts are few: their counts read the cases; every late account is the day's book's count.
  const [row] = await queryRows(
    db,
    sql`select
        count(*) filter (where k.assigned_to = ${viewerId}) as mine,
        count(*) filter (where k.follow_up_on <= ${today}::date) as due,
        count(*) filter (where k.promise_on < ${today}::date and (${promiseState(today)}) = 'BROKEN') as broken,
        count(*) filter (where k.promise_on = ${today}::date and (${promiseState(today)}) = 'OPEN')
          as promises_due_today
      from collection_cases k join accounts a on a.sale_id = k.sale_id
      where ${LATE}`,
    z.object({
      mine: z.coerce.number(),
      due: z.coerce.number(),
      broken: z.coerce.number(),
      promises_due_today: z.coerce.number(),
    }),
  );
  return {
    all: await late(),
    mine: row.mine,
    due: row.due,
    broken: row.broken,
    promisesDueToday: row.promises_due_today,
  };
}

/** The Home tile's late accounts and the Action Center's promises due today, the same for everyone. */
export async function collectionOverview(
  db: AppDb,
  today = lagosToday(),
  lateCount: LateCount = () => lateAccountCount(db, today),
): Promise<Record<string, number>> {
  const late = await lateCount();
  const [due] = await queryRows(
    db,
    sql`select count(*) as n from collection_cases k join accounts a on a.sale_id = k.sale_id
      where ${LATE} and k.promise_on = ${today}::date and (${promiseState(today)}) = 'OPEN'`,
    z.object({ n: z.coerce.number() }),
  );
  return { collectionsLate: late, collectionsPromisesDue: due.n };
}

/** One account's case and its contact log, newest first; any account of the loan book, late or not. */
export async function collectionCase(
  db: AppDb,
  saleId: string,
  today = lagosToday(),
): Promise<CollectionCase> {
  const [row] = await queryRows(
    db,
    sql`select ${CASE_COLUMNS} ${withNames(casesWhere(sql`a.sale_id = ${saleId}`, today))}
      left join users u on u.id = a.assigned_to`,
    CaseRow,
  );
  if (!row) throw notFound("Account not found");
  const contacts = await queryRows(
    db,
    sql`select t.id, t.channel, t.outcome, t.note, t.promise_kobo, t.promise_on::text, t.created_at,
        u.firstname || ' ' || u.lastname as staff_name
      from collection_contacts t left join users u on u.id = t.staff_id
      where t.sale_id = ${saleId} order by t.created_at desc, t.id desc limit 100`,
    z.object({
      id: z.string(),
      channel: z.enum(CONTACT_CHANNELS),
      outcome: z.enum(CONTACT_OUTCOMES),
      note: z.string().nullable(),
      promise_kobo: z.coerce.number().nullable(),
      promise_on: z.string().nullable(),
      created_at: z.coerce.date(),
      staff_name: z.string().nullable(),
    }),
  );
  return {
    account: caseRecord(row),
    contacts: contacts.map((contact) => ({
      id: contact.id,
      channel: contact.channel,
      outcome: contact.outcome,
      note: contact.note,
      promise:
        contact.promise_kobo !== null && contact.promise_on !== null
          ? { amount: koboToNaira(contact.promise_kobo), date: contact.promise_on }
          : null,
      staffName: contact.staff_name,
      createdAt: contact.created_at.toISOString(),
    })),
  };
}

/** The account, locked: two collectors acting on one account at once take turns. */
async function lockAccount(tx: AppDb, saleId: string) {
  const [account] = await tx
    .select({ saleId: accounts.saleId, status: accounts.status, outstandingKobo: accounts.outstandingKobo })
    .from(accounts)
    .where(eq(accounts.saleId, saleId))
    .for("update");
  if (!account) throw notFound("Account not found");
  return account;
}

const accountLabel = async (tx: AppDb, saleId: string) => {
  const [row] = await queryRows(
    tx,
    sql`select number from sales where id = ${saleId}`,
    z.object({ number: z.coerce.number() }),
  );
  return `sale ${saleNumberText(row.number)}`;
};

/** Active, unblocked staff whose role may work accounts: write (or manage) on Collections or on all. */
const collectorsWhere = sql`u.deleted_at is null and u.status = 'active' and not u.is_blocked
  and exists (
    select 1 from role_permissions rp join permissions p on p.id = rp.permission_id
    where rp.role_id = u.role_id and p.subject in ('Collections', 'all') and p.action in ('write', 'manage'))`;
const CollectorRow = z.object({ id: z.string(), name: z.string() });

export async function collectionOptions(db: AppDb): Promise<CollectionOptions> {
  const collectors = await queryRows(
    db,
    sql`select u.id, u.firstname || ' ' || u.lastname as name from users u where ${collectorsWhere}
      order by 2, 1`,
    CollectorRow,
  );
  const agents = await queryRows(
    db,
    sql`select ag.id, ag.firstname || ' ' || ag.lastname as name from agents ag
      where exists (select 1 from accounts a where a.agent_id = ag.id and ${LATE})
      order by 2, 1`,
    CollectorRow,
  );
  return { collectors, agents };
}

/** Someone who may work the accounts; null leaves them to nobody. */
async function collector(tx: AppDb, userId: string | null | undefined) {
  if (!userId) return null;
  const [user] = await queryRows(
    tx,
    sql`select u.id, u.firstname || ' ' || u.lastname as name from users u
      where u.id = ${userId} and ${collectorsWhere}`,
    CollectorRow,
  );
  if (!user) throw invalidField("assignedTo", "Choose an active staff member who works collections");
  return user;
}

export async function assignAccounts(db: AppDb, actor: StaffActor, input: AssignInput) {
  const saleIds = [...new Set(input.saleIds)];
  return db.transaction(async (tx) => {
    const assignee = await collector(tx, input.assignedTo);
    const found = await tx
      .select({ saleId: accounts.saleId })
      .from(accounts)
      .where(inArray(accounts.saleId, saleIds))
      .for("update");
    if (found.length !== saleIds.length)
      throw invalidField("saleIds", "Some of the chosen accounts do not exist");
    await tx
      .insert(collectionCases)
      .values(saleIds.map((saleId) => ({ saleId, assignedTo: assignee?.id ?? null })))
      .onConflictDoUpdate({
        target: collectionCases.saleId,
        set: { assignedTo: assignee?.id ?? null, updatedAt: new Date() },
      });
    const who = assignee ? assignee.name : "nobody";
    await recordAudits(
      tx,
      actor,
      saleIds.map((saleId) => ({
        action: "assign-collector",
        subject: "Collections" as const,
        recordId: saleId,
        summary: `Assigned the account to ${who}`,
        changes: { assignedTo: assignee?.id ?? null },
      })),
    );
    return { assigned: saleIds.length, assignedTo: assignee?.id ?? null };
  });
}

export async function logContact(
  db: AppDb,
  actor: StaffActor,
  saleId: string,
  input: ContactInput,
  today = lagosToday(),
) {
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, saleId);
    if (!WORKABLE.includes(account.status))
      throw invalid("This account is no longer being paid for: there is nothing to collect");
    const promised = input.outcome === "PROMISED";
    if (promised) {
      const latest = addDays(today, PROMISE_MAX_DAYS);
      if (input.promiseDate! < today)
        throw invalidField("promiseDate", "Promise date must be today or later");
      if (input.promiseDate! > latest)
        throw invalidField("promiseDate", `Promise date must be within ${PROMISE_MAX_DAYS} days`);
      if (input.promiseAmount! > account.outstandingKobo)
        throw invalidField(
          "promiseAmount",
          `The promised amount is more than the outstanding ${formatNaira(koboToNaira(account.outstandingKobo))}`,
        );
    }
    if (input.followUpOn !== undefined) checkFollowUp(input.followUpOn, today);
    const now = new Date();
    await tx.insert(collectionContacts).values({
      saleId,
      channel: input.channel,
      outcome: input.outcome,
      note: input.note ?? null,
      promiseKobo: promised ? input.promiseAmount! : null,
      promiseOn: promised ? input.promiseDate! : null,
      staffId: actor.userId,
      createdAt: now,
    });
    // A promise is followed up the day after its date unless the collector chose a day.
    const followUpOn = input.followUpOn ?? (promised ? addDays(input.promiseDate!, 1) : undefined);
    const promise = promised
      ? { promiseKobo: input.promiseAmount!, promiseOn: input.promiseDate!, promiseMadeAt: now }
      : {};
    await tx
      .insert(collectionCases)
      .values({ saleId, lastContactAt: now, followUpOn: followUpOn ?? null, ...promise })
      .onConflictDoUpdate({
        target: collectionCases.saleId,
        set: {
          lastContactAt: now,
          ...(followUpOn !== undefined ? { followUpOn } : {}),
          ...promise,
          updatedAt: now,
        },
      });
    await recordAudit(tx, actor, {
      action: "log-contact",
      subject: "Collections",
      recordId: saleId,
      summary: `Logged a contact on ${await accountLabel(tx, saleId)}: ${CONTACT_OUTCOME_LABELS[input.outcome]}${
        promised ? `, ${formatNaira(koboToNaira(input.promiseAmount!))} by ${input.promiseDate}` : ""
      }`,
      changes: { channel: input.channel, outcome: input.outcome, followUpOn: followUpOn ?? null },
    });
  });
  return collectionCase(db, saleId, today);
}

function checkFollowUp(day: string, today: string) {
  if (day < today) throw invalidField("followUpOn", "Follow-up date must be today or later");
  if (day > addDays(today, 365)) throw invalidField("followUpOn", "Follow-up date must be within a year");
}

export async function setFollowUp(
  db: AppDb,
  actor: StaffActor,
  saleId: string,
  input: FollowUpInput,
  today = lagosToday(),
) {
  await db.transaction(async (tx) => {
    await lockAccount(tx, saleId);
    const followUpOn = input.followUpOn ?? null;
    if (followUpOn) checkFollowUp(followUpOn, today);
    await tx
      .insert(collectionCases)
      .values({ saleId, followUpOn })
      .onConflictDoUpdate({ target: collectionCases.saleId, set: { followUpOn, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      action: "set-follow-up",
      subject: "Collections",
      recordId: saleId,
      summary: followUpOn
        ? `Set the follow-up of ${await accountLabel(tx, saleId)} to ${followUpOn}`
        : `Cleared the follow-up of ${await accountLabel(tx, saleId)}`,
      changes: { followUpOn },
    });
  });
  return collectionCase(db, saleId, today);
}

/** Every account the worklist's filters select (up to `limit`), for a message to all of them. */
export async function worklistAccounts(
  db: AppDb,
  query: CollectionListQuery,
  viewerId: string,
  limit: number,
  today = lagosToday(),
) {
  return queryRows(
    db,
    sql`select a.sale_id, a.customer_id from accounts a left join collection_cases k on k.sale_id = a.sale_id
      ${searchJoins(query)}
      where ${worklistConditions(query, viewerId, today)}
      order by a.sale_id
      limit ${limit}`,
    z.object({ sale_id: z.string(), customer_id: z.string() }),
  );
}
