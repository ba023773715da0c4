import { and, desc, eq, gte, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { customerSearchText, customers, devices, sales, tickets } from "../db/schema";
import { lagosDate } from "../schemas/dates";
import { DEFAULTING_AFTER_DAYS } from "../schemas/sales";
import type { CustomerRow } from "../db/schema";
import { NEW_CUSTOMER_DAYS } from "../schemas/customers";
import { phoneSearchTerm } from "../schemas/phone";
import type {
  CreateCustomerInput,
  UpdateCustomerInput,
  CustomerList,
  CustomerListQuery,
  CustomerRecord,
  CustomerStats,
  CustomerTabs,
} from "../schemas/customers";
import { pageOf } from "../schemas/list";
import { koboToNaira } from "../schemas/money";
import { requireAgentForRegistration } from "./agents";
import { soldTo } from "./devices";
import { describeChanges, recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { invalid, isUniqueViolation, notFound } from "./errors";
import { containsPattern } from "./search";
import { otherThan, sameText, takenAmong } from "./uniqueness";

export const CUSTOMER_NOT_FOUND = "Customer not found";
export const CUSTOMER_EMAIL_EXISTS = "A customer with this email already exists";
export const CUSTOMER_PHONE_EXISTS = "A customer with this phone number already exists";
export const CUSTOMER_BARRED = "This customer is barred: unbar them on their page before selling to them";
export const NOTHING_TO_UPDATE = "At least one field must be provided to update";

const DAY_MS = 86_400_000;

export const customerRecordColumns = {
  id: customers.id,
  firstname: customers.firstname,
  lastname: customers.lastname,
  email: customers.email,
  phone: customers.phone,
  addressType: customers.addressType,
  location: customers.location,
  longitude: customers.longitude,
  latitude: customers.latitude,
  status: customers.status,
  type: customers.type,
  creatorId: customers.creatorId,
  agentId: customers.agentId,
  messagesOptOut: customers.messagesOptOut,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

type CustomerColumn = keyof typeof customerRecordColumns;
type CustomerRecordRow = Pick<CustomerRow, CustomerColumn>;

const toCustomerRecord = (row: CustomerRecordRow): CustomerRecord => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const isLive = isNull(customers.deletedAt);

export const newCustomersSince = (now: Date) => new Date(now.getTime() - NEW_CUSTOMER_DAYS * DAY_MS);

// Defaulting: a sale received less than was due DEFAULTING_AFTER_DAYS ago (the deposit on the sale's day,
// then one monthly amount per whole month; last-instalment rounding is ignored).
function isDefaulting(now: Date) {
  const cutoff = lagosDate(new Date(now.getTime() - DEFAULTING_AFTER_DAYS * 86_400_000));
  const saleDay = sql`(${sales.createdAt} + interval '1 hour')::date`;
  const monthsElapsed = sql`(extract(year from age(${cutoff}::date, ${saleDay})) * 12 + extract(month from age(${cutoff}::date, ${saleDay})))`;
  return sql`exists (
    select 1 from ${sales}
    where ${sales.customerId} = ${customers.id}
      and ${sales.status} in ('UNPAID', 'IN_INSTALLMENT')
      and ${saleDay} <= ${cutoff}::date
      and ${sales.paidKobo} < least(${sales.totalKobo}, ${sales.dueNowKobo} + ${sales.totalMonthlyKobo} * ${monthsElapsed})
  )`;
}

function listConditions(query: CustomerListQuery, now: Date) {
  const conditions: (SQL | undefined)[] = [isLive];
  if (query.status) conditions.push(eq(customers.status, query.status));
  if (query.isNew) conditions.push(gte(customers.createdAt, newCustomersSince(now)));
  if (query.defaulting) conditions.push(isDefaulting(now));
  // The very expression of the trigram index (db/schema.ts), or the index does not apply.
  if (query.search) {
    const term = phoneSearchTerm(query.search) ?? query.search;
    conditions.push(ilike(customerSearchText(customers), containsPattern(term)));
  }
  return and(...conditions);
}

export function customerCountKey(query: CustomerListQuery) {
  return JSON.stringify([
    query.status ?? null,
    query.isNew ?? false,
    query.defaulting ?? false,
    query.search ?? null,
  ]);
}

export async function countCustomers(db: AppDb, query: CustomerListQuery, now = new Date()) {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(customers)
    .where(listConditions(query, now));
  return total;
}

/** Every ANCHOR_EVERY-th customer's place in the list (newest first): a deep page starts from the nearest. */
export const ANCHOR_EVERY = 1_000;
export type PageAnchor = { position: number; createdAt: string; id: string };

/**
 * The list's anchors for these filters: one reading of the narrow (created_at, id) index, which the routes
 * keep between changes, so that a page deep in the list skips at most ANCHOR_EVERY rows instead of all the
 * rows before it. `createdAt` is PostgreSQL's own text: a JavaScript date would lose its microseconds.
 */
export async function customerAnchors(
  db: AppDb,
  query: CustomerListQuery,
  now = new Date(),
  every = ANCHOR_EVERY,
): Promise<PageAnchor[]> {
  const numbered = db
    .select({
      id: customers.id,
      createdAt: sql<string>`${customers.createdAt}::text`.as("created_at_text"),
      position:
        sql<number>`(row_number() over (order by ${customers.createdAt} desc, ${customers.id} desc))::int`.as(
          "position",
        ),
    })
    .from(customers)
    .where(listConditions(query, now))
    .as("numbered");
  return db
    .select({ position: numbered.position, createdAt: numbered.createdAt, id: numbered.id })
    .from(numbered)
    .where(sql`${numbered.position} % ${every} = 0`)
    .orderBy(numbered.position);
}

// The count comes separately (`total`): it is the expensive half, and the routes reuse it between changes.
export async function listCustomers(
  db: AppDb,
  query: CustomerListQuery,
  countTotal: () => Promise<number>,
  anchors: { every: number; read: () => Promise<PageAnchor[]> } = {
    every: ANCHOR_EVERY,
    read: () => customerAnchors(db, query),
  },
  now = new Date(),
): Promise<CustomerList> {
  const total = await countTotal();
  const offset = (query.page - 1) * query.limit;
  // Deep in the list, the page is read from the nearest anchor before it: fewer than `every` rows to skip.
  const anchor =
    offset >= anchors.every && offset < total
      ? (await anchors.read()).findLast((candidate) => candidate.position <= offset)
      : undefined;
  // Skipping in the narrow (created_at, id) index, then fetching only the page's rows, is far cheaper.
  const pageIds = db
    .select({ id: customers.id, createdAt: customers.createdAt })
    .from(customers)
    .where(
      and(
        listConditions(query, now),
        anchor
          ? sql`(${customers.createdAt}, ${customers.id}) < (${anchor.createdAt}::timestamptz, ${anchor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(query.limit)
    .offset(offset - (anchor?.position ?? 0))
    .as("page_ids");
  const rows = await db
    .select(customerRecordColumns)
    .from(pageIds)
    .innerJoin(customers, eq(customers.id, pageIds.id))
    .orderBy(desc(pageIds.createdAt), desc(pageIds.id));
  return pageOf("customers", rows.map(toCustomerRecord), total, query);
}

export async function customerStats(db: AppDb, now = new Date()): Promise<CustomerStats> {
  const [stats] = await db
    .select({
      totalCustomerCount: sql<number>`count(*)::int`,
      newCustomerCount: sql<number>`(count(*) filter (where ${customers.createdAt} >= ${newCustomersSince(now)}))::int`,
      activeCustomerCount: sql<number>`(count(*) filter (where ${customers.status} = 'active'))::int`,
      barredCustomerCount: sql<number>`(count(*) filter (where ${customers.status} = 'barred'))::int`,
    })
    .from(customers)
    .where(isLive);
  return stats;
}

export async function getCustomer(db: AppDb, id: string): Promise<CustomerRecord> {
  const [row] = await db
    .select(customerRecordColumns)
    .from(customers)
    .where(and(eq(customers.id, id), isLive))
    .limit(1);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return toCustomerRecord(row);
}

/** Customers by id, deleted ones too: a sale keeps naming whom it was made to. */
export async function customerRecordsOf(db: AppDb, ids: string[]): Promise<Map<string, CustomerRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(customerRecordColumns)
    .from(customers)
    .where(inArray(customers.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, toCustomerRecord(row)]));
}

async function takenFields(db: AppDb, email: string, phone: string, except?: string) {
  const taken = await takenAmong(db, customers, and(isLive, otherThan(customers.id, except)), {
    // No e-mail ("") is shared by any number of customers.
    email: email === "" ? sql`false` : sameText(customers.email, email),
    phone: eq(customers.phone, phone),
  });
  const fieldErrors: Record<string, string[]> = {};
  if (taken.includes("email")) fieldErrors.email = [CUSTOMER_EMAIL_EXISTS];
  if (taken.includes("phone")) fieldErrors.phone = [CUSTOMER_PHONE_EXISTS];
  const [first] = Object.values(fieldErrors);
  return first ? invalid(first[0], fieldErrors) : null;
}

export async function createCustomer(
  db: AppDb,
  actor: StaffActor,
  input: CreateCustomerInput,
): Promise<CustomerRecord> {
  const email = input.email.toLowerCase();
  const taken = await takenFields(db, email, input.phone);
  if (taken) throw taken;
  if (input.agentId) await requireAgentForRegistration(db, input.agentId);

  const created = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(customers)
        .values({ ...input, email, creatorId: actor.userId })
        .returning(customerRecordColumns);
      await recordAudit(tx, actor, {
        action: "create",
        subject: "Customers",
        recordId: row.id,
        summary: `Added customer ${row.firstname} ${row.lastname} (${email || row.phone})`,
        changes: {
          firstname: row.firstname,
          lastname: row.lastname,
          email,
          phone: row.phone,
          ...(row.agentId ? { agentId: row.agentId } : {}),
        },
      });
      return row;
    })
    .catch(async (error: unknown) => {
      // Another request took the address or number between the check and the insert.
      if (isUniqueViolation(error)) throw (await takenFields(db, email, input.phone)) ?? error;
      throw error;
    });
  return toCustomerRecord(created);
}

const STATUS_VERBS = { barred: "Barred", active: "Unbarred", inactive: "Deactivated" } as const;

/** Edits follow the rules of creating a customer; a change of status (bar, unbar) is audited with its reason. */
export async function updateCustomer(
  db: AppDb,
  actor: StaffActor,
  id: string,
  input: UpdateCustomerInput,
): Promise<CustomerRecord> {
  const { reason, ...fields } = input;
  const patch = Object.fromEntries(
    Object.entries({ ...fields, email: fields.email?.toLowerCase() }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as Omit<UpdateCustomerInput, "reason">;
  if (Object.keys(patch).length === 0) throw invalid(NOTHING_TO_UPDATE);
  const [before] = await db
    .select(customerRecordColumns)
    .from(customers)
    .where(and(eq(customers.id, id), isLive))
    .limit(1);
  if (!before) throw notFound(CUSTOMER_NOT_FOUND);
  const changes = describeChanges(before, patch);
  if (Object.keys(changes).length === 0) return toCustomerRecord(before);
  const email = patch.email ?? before.email;
  const phone = patch.phone ?? before.phone;
  if (changes.email || changes.phone) {
    const taken = await takenFields(db, email, phone, id);
    if (taken) throw taken;
  }

  const status = patch.status && changes.status ? patch.status : null;
  const edited = Object.keys(changes).filter((field) => field !== "status");
  const name = `${patch.firstname ?? before.firstname} ${patch.lastname ?? before.lastname}`;
  const updated = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(customers)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(customers.id, id))
        .returning(customerRecordColumns);
      await recordAudit(tx, actor, {
        action: status === "barred" ? "bar" : status === "active" ? "unbar" : "update",
        subject: "Customers",
        recordId: id,
        summary: `${status ? STATUS_VERBS[status] : "Updated"} customer ${name}${
          edited.length ? ` (${edited.join(", ")})` : ""
        }${status === "barred" && reason ? `: ${reason}` : ""}`,
        changes: status === "barred" && reason ? { ...changes, reason } : changes,
      });
      return row;
    })
    .catch(async (error: unknown) => {
      if (isUniqueViolation(error)) throw (await takenFields(db, email, phone, id)) ?? error;
      throw error;
    });
  return toCustomerRecord(updated);
}

/** A lead becomes a customer who has bought (type `purchase`) with their first sale, in its transaction. */
export async function markPurchased(tx: AppDb, customerIds: string[]) {
  if (customerIds.length === 0) return;
  await tx
    .update(customers)
    .set({ type: "purchase" })
    .where(and(inArray(customers.id, [...new Set(customerIds)]), eq(customers.type, "lead")));
}

/** Money in integer kobo until the answer; a cancelled sale is owed nothing. */
export async function customerTabs(db: AppDb, id: string): Promise<CustomerTabs> {
  await getCustomer(db, id);
  const [[money], deviceCount, [ticketCounts]] = await Promise.all([
    db
      .select({
        sales: sql<number>`count(*)::int`,
        totalKobo: sql<string>`coalesce(sum(${sales.totalKobo}), 0)::text`,
        paidKobo: sql<string>`coalesce(sum(${sales.paidKobo}), 0)::text`,
      })
      .from(sales)
      .where(and(eq(sales.customerId, id), sql`${sales.status} <> 'CANCELLED'`)),
    db.$count(devices, soldTo(id)),
    db
      .select({
        tickets: sql<number>`count(*)::int`,
        openTickets: sql<number>`(count(*) filter (where ${tickets.status} in ('open', 'active')))::int`,
      })
      .from(tickets)
      .where(eq(tickets.customerId, id)),
  ]);
  const totalKobo = Number(money.totalKobo);
  const paidKobo = Number(money.paidKobo);
  return {
    sales: money.sales,
    totalPrice: koboToNaira(totalKobo),
    totalPaid: koboToNaira(paidKobo),
    balance: koboToNaira(Math.max(0, totalKobo - paidKobo)),
    devices: deviceCount,
    tickets: ticketCounts.tickets,
    openTickets: ticketCounts.openTickets,
  };
}
