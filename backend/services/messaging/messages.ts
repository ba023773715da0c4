import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import {
  customers,
  messageReports,
  messageSettings,
  messageTemplates,
  messages,
  sales,
  users,
} from "../../db/schema";
import {
  DEFAULT_TEMPLATES,
  KIND_VARIABLES,
  MESSAGE_KIND_LABELS,
  MESSAGE_KIND_WHEN,
  RESENDABLE_STATUSES,
  SEND_WINDOW,
  TEMPLATE_KINDS,
} from "../../constants/messages";
import type { TemplateKind } from "../../constants/messages";
import { smsLength } from "../../constants/sms-parts";
import type {
  BulkMessageInput,
  ManualMessageInput,
  MessageListQuery,
  MessageRecord,
  MessageSettings,
  ReminderScheduleInput,
  SandboxReportInput,
  TemplateInput,
  TemplatePreviewInput,
  TemplatePreviewResult,
  TemplateRecord,
} from "../../schemas/messages";
import { pageOf } from "../../schemas/list";
import { startOfLagosDay } from "../../schemas/dates";
import type { Limit } from "../../config";
import { recordAudit } from "../audit";
import type { StaffActor } from "../audit";
import { worklistAccounts } from "../collections";
import { invalid, invalidField, notFound, tooMany } from "../errors";
import { minutesUntil, takeAttempt } from "../rate-limits";
import { Context, addressOf, queueMessage } from "./outbox";
import { applyDeliveryReport } from "./reports";
import { reminderSchedule } from "./reminders";
import {
  dayForCustomer,
  moneyFor,
  renderTemplate,
  unknownVariables,
  unknownVariablesMessage,
} from "./templates";
import { saleNumberText } from "../../constants/record-numbers";
import type { SmsProviderName } from "./provider";

// What staff do with messages: read the outbox, write to a customer or a list, send a failed one again,
// edit the templates and the reminder schedule (issue 29).

export const MESSAGE_NOT_FOUND = "Message not found";
export const CUSTOMER_NOT_FOUND = "Customer not found";
export const NOT_RESENDABLE = "Only a failed or rejected message can be sent again";
export const NOT_SANDBOX = "Only a message sent through the sandbox can be marked by hand";
export const LIST_CHANGED = (count: number) =>
  `The list changed: it now has ${count} ${count === 1 ? "account" : "accounts"}. Check it and confirm again.`;

/** A list message reaches many customers: a few per hour per staff member. */
export const BULK_LIMIT: Limit = { max: 3, windowMs: 3_600_000 };
/** One-to-one messages: enough for a day's calls, not for a script. */
export const MANUAL_LIMIT: Limit = { max: 30, windowMs: 600_000 };

const createdByName = sql<
  string | null
>`(select ${users.firstname} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${messages.createdBy})`;

const recordColumns = {
  id: messages.id,
  customerId: messages.customerId,
  customerName: sql<string>`${customers.firstname} || ' ' || ${customers.lastname}`,
  saleId: messages.saleId,
  saleNumber: sales.number,
  paymentId: messages.paymentId,
  tokenIds: messages.tokenIds,
  kind: messages.kind,
  channel: messages.channel,
  recipient: messages.recipient,
  subject: messages.subject,
  body: messages.body,
  status: messages.status,
  provider: messages.provider,
  providerId: messages.providerId,
  attempts: messages.attempts,
  error: messages.error,
  sendAfter: messages.sendAfter,
  createdAt: messages.createdAt,
  sentAt: messages.sentAt,
  statusAt: messages.statusAt,
  createdByName,
};

const selectRecords = (db: AppDb) =>
  db
    .select(recordColumns)
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.customerId))
    .leftJoin(sales, eq(sales.id, messages.saleId));

type SelectedRow = Awaited<ReturnType<typeof selectRecords>>[number];

function toRecord(row: SelectedRow): MessageRecord {
  return {
    ...row,
    tokenIds: row.tokenIds ?? [],
    sendAfter: row.sendAfter.toISOString(),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    statusAt: row.statusAt.toISOString(),
  };
}

function listConditions(query: MessageListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(messages.status, query.status) : undefined,
    query.channel ? eq(messages.channel, query.channel) : undefined,
    query.kind ? eq(messages.kind, query.kind) : undefined,
    query.customerId ? eq(messages.customerId, query.customerId) : undefined,
    query.saleId ? eq(messages.saleId, query.saleId) : undefined,
    query.from ? gte(messages.createdAt, startOfLagosDay(new Date(`${query.from}T12:00:00Z`))) : undefined,
    query.to
      ? lt(
          messages.createdAt,
          new Date(startOfLagosDay(new Date(`${query.to}T12:00:00Z`)).getTime() + 86_400_000),
        )
      : undefined,
  ];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${messages.recipient} ilike ${pattern} or ${customers.firstname} || ' ' || ${customers.lastname} ilike ${pattern})`,
    );
  }
  return and(...conditions);
}

export async function countMessages(db: AppDb, query: MessageListQuery) {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.customerId))
    .where(listConditions(query));
  return total;
}

export async function listMessages(db: AppDb, query: MessageListQuery) {
  const rows = await selectRecords(db)
    .where(listConditions(query))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows.map(toRecord);
}

export async function countQueuedMessages(db: AppDb) {
  const [{ queued }] = await db
    .select({ queued: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.status, "QUEUED"));
  return queued;
}

export async function messagePage(db: AppDb, query: MessageListQuery) {
  if (query.from && query.to && query.from > query.to)
    throw invalidField("to", "From must be on or before To");
  const [rows, total] = await Promise.all([listMessages(db, query), countMessages(db, query)]);
  return pageOf("messages", rows, total, query);
}

export async function getMessage(db: AppDb, id: string): Promise<MessageRecord> {
  const [row] = await selectRecords(db).where(eq(messages.id, id));
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return toRecord(row);
}

async function limited(db: AppDb, key: string, limit: Limit, what: string) {
  const count = await takeAttempt(db, key, limit);
  if (count === null || count > limit.max) {
    const retryAt = new Date(Date.now() + limit.windowMs);
    throw tooMany(`${what}: try again in ${minutesUntil(retryAt)}`, retryAt);
  }
}

/**
 * Sends a failed or rejected message again, to the customer's number as it is now (a wrong number is the
 * usual reason, and staff correct it first): the same row, queued afresh.
 */
export async function resendMessage(db: AppDb, actor: StaffActor, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: messages.status,
        customerId: messages.customerId,
        phone: customers.phone,
        email: customers.email,
      })
      .from(messages)
      .innerJoin(customers, eq(customers.id, messages.customerId))
      .where(eq(messages.id, id))
      .for("update", { of: messages });
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    if (!RESENDABLE_STATUSES.includes(row.status)) throw invalid(NOT_RESENDABLE);
    const address = addressOf(row);
    if (!address)
      throw invalid(
        "The customer has no phone number or e-mail address that can take messages: correct it first",
      );
    await tx
      .update(messages)
      .set({
        status: "QUEUED",
        channel: address.channel,
        recipient: address.recipient,
        provider: null,
        providerId: null,
        attempts: 0,
        error: null,
        sendAfter: sql`now()`,
        claimedUntil: null,
        sentAt: null,
        statusAt: sql`now()`,
      })
      .where(eq(messages.id, id));
    await recordAudit(tx, actor, {
      action: "resend-message",
      subject: "Customers",
      recordId: row.customerId,
      summary: `Sent a message again to ${address.recipient}`,
      changes: { messageId: id },
    });
  });
  return getMessage(db, id);
}

export async function sendManualMessage(
  db: AppDb,
  actor: StaffActor,
  customerId: string,
  input: ManualMessageInput,
) {
  const unknown = unknownVariables(input.body, "MANUAL");
  if (unknown.length) throw invalidField("body", unknownVariablesMessage(unknown, "MANUAL"));
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), sql`${customers.deletedAt} is null`));
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  await limited(db, `manual-message:${actor.userId}`, MANUAL_LIMIT, "Too many messages sent in a short time");
  const [latestSale] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(eq(sales.customerId, customerId))
    .orderBy(desc(sales.createdAt))
    .limit(1);
  const queued = await db.transaction(async (tx) => {
    const message = await queueMessage(tx, {
      kind: "MANUAL",
      customerId,
      saleId: latestSale?.id ?? null,
      body: input.body,
      createdBy: actor.userId,
      transactional: false,
    });
    await recordAudit(tx, actor, {
      action: "send-message",
      subject: "Customers",
      recordId: customerId,
      summary: `Wrote a message to the customer`,
      changes: { messageId: message.id },
    });
    return message;
  });
  return getMessage(db, queued.id);
}

/** The count the confirmation shows: accounts the worklist's filters select. */
export async function bulkCount(db: AppDb, viewerId: string, filters: BulkMessageInput["filters"]) {
  const rows = await worklistAccounts(db, { ...filters, page: 1, limit: 1 }, viewerId, 2_001);
  return rows.length;
}

/**
 * One message to each account the worklist's filters select, once the sender confirmed the count; a
 * customer with several late accounts gets one. Opted-out customers are skipped and counted.
 */
export async function sendBulkMessage(db: AppDb, actor: StaffActor, input: BulkMessageInput) {
  const unknown = unknownVariables(input.body, "MANUAL");
  if (unknown.length) throw invalidField("body", unknownVariablesMessage(unknown, "MANUAL"));
  const accounts = await worklistAccounts(db, { ...input.filters, page: 1, limit: 1 }, actor.userId, 2_001);
  if (accounts.length !== input.expected) throw invalidField("expected", LIST_CHANGED(accounts.length));
  await limited(db, `bulk-message:${actor.userId}`, BULK_LIMIT, "At most 3 list messages an hour");
  const seen = new Set<string>();
  let queued = 0;
  let skipped = 0;
  await db.transaction(async (tx) => {
    for (const account of accounts) {
      if (seen.has(account.customer_id)) continue;
      seen.add(account.customer_id);
      const message = await queueMessage(tx, {
        kind: "MANUAL",
        customerId: account.customer_id,
        saleId: account.sale_id,
        body: input.body,
        createdBy: actor.userId,
        transactional: false,
      });
      if (message.status === "QUEUED") queued += 1;
      else skipped += 1;
    }
    await recordAudit(tx, actor, {
      action: "send-list-message",
      subject: "Collections",
      recordId: actor.userId,
      summary: `Wrote a message to ${seen.size} ${seen.size === 1 ? "customer" : "customers"} of the worklist`,
      changes: { queued, skipped, filters: JSON.stringify(input.filters) },
    });
  });
  return { queued, skipped };
}

/** The sandbox's stand-in for a delivery report: a tester says what the gateway would have. */
export async function markSandboxMessage(db: AppDb, id: string, input: SandboxReportInput) {
  const [row] = await db
    .select({ provider: messages.provider, providerId: messages.providerId, recipient: messages.recipient })
    .from(messages)
    .where(eq(messages.id, id));
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  if (row.provider !== "sandbox" || !row.providerId) throw invalid(NOT_SANDBOX);
  await applyDeliveryReport(db, {
    provider: "sandbox",
    providerId: row.providerId,
    to: row.recipient,
    status: input.status,
    reason: input.status === "DELIVERED" ? null : (input.reason ?? "Marked failed in the sandbox"),
  });
  return getMessage(db, id);
}

export async function setOptOut(db: AppDb, actor: StaffActor, customerId: string, optedOut: boolean) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({ messagesOptOut: optedOut })
      .where(and(eq(customers.id, customerId), sql`${customers.deletedAt} is null`))
      .returning({ id: customers.id });
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: "update-customer",
      subject: "Customers",
      recordId: customerId,
      summary: optedOut
        ? "Opted the customer out of reminders and list messages"
        : "Opted the customer back in to reminders and list messages",
      changes: { messagesOptOut: optedOut },
    });
  });
  return { optedOut };
}

async function templateRows(db: AppDb) {
  const rows = await db.select().from(messageTemplates);
  return new Map(rows.map((row) => [row.kind, row]));
}

function templateRecord(
  kind: TemplateKind,
  row: { subject: string; body: string; updatedAt: Date } | undefined,
): TemplateRecord {
  const body = row?.body ?? DEFAULT_TEMPLATES[kind].body;
  return {
    kind,
    label: MESSAGE_KIND_LABELS[kind],
    when: MESSAGE_KIND_WHEN[kind],
    subject: row?.subject ?? DEFAULT_TEMPLATES[kind].subject,
    body,
    edited: Boolean(row),
    variables: [...KIND_VARIABLES[kind]],
    length: smsLength(body),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function messageSettingsOf(
  db: AppDb,
  providers: { sms: SmsProviderName; email: "log" | "outbox-dir" | "smtp" },
): Promise<MessageSettings> {
  const [rows, schedule, [lastReport], [{ queued, failedToday }]] = await Promise.all([
    templateRows(db),
    reminderSchedule(db),
    db
      .select({
        provider: messageReports.provider,
        outcome: messageReports.outcome,
        status: messageReports.status,
        receivedAt: messageReports.receivedAt,
      })
      .from(messageReports)
      .orderBy(desc(messageReports.receivedAt))
      .limit(1),
    queryRows(
      db,
      sql`select (select count(*) from messages where status = 'QUEUED') as queued,
        (select count(*) from messages where status in ('FAILED', 'REJECTED') and status_at >= ${startOfLagosDay(new Date()).toISOString()}::timestamptz) as failed_today`,
      z
        .object({ queued: z.coerce.number(), failed_today: z.coerce.number() })
        .transform((row) => ({ queued: row.queued, failedToday: row.failed_today })),
    ),
  ]);
  return {
    provider: {
      ...providers,
      lastReport: lastReport ? { ...lastReport, receivedAt: lastReport.receivedAt.toISOString() } : null,
      queued,
      failedToday,
    },
    schedule,
    window: { ...SEND_WINDOW },
    templates: TEMPLATE_KINDS.map((kind) => templateRecord(kind, rows.get(kind))),
  };
}

export async function templateOf(db: AppDb, kind: TemplateKind) {
  return templateRecord(kind, (await templateRows(db)).get(kind));
}

export async function saveTemplate(db: AppDb, actor: StaffActor, kind: TemplateKind, input: TemplateInput) {
  const unknown = unknownVariables(input.body, kind);
  if (unknown.length) throw invalidField("body", unknownVariablesMessage(unknown, kind));
  const subject = input.subject ?? DEFAULT_TEMPLATES[kind].subject;
  await db.transaction(async (tx) => {
    await tx
      .insert(messageTemplates)
      .values({ kind, subject, body: input.body, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: messageTemplates.kind,
        set: { subject, body: input.body, updatedBy: actor.userId, updatedAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      action: "update-message-template",
      subject: "Settings",
      recordId: kind,
      summary: `Changed the "${MESSAGE_KIND_LABELS[kind]}" message`,
      changes: { body: input.body },
    });
  });
  return templateOf(db, kind);
}

/** Back to the text the product ships with. */
export async function resetTemplate(db: AppDb, actor: StaffActor, kind: TemplateKind) {
  await db.transaction(async (tx) => {
    await tx.delete(messageTemplates).where(eq(messageTemplates.kind, kind));
    await recordAudit(tx, actor, {
      action: "update-message-template",
      subject: "Settings",
      recordId: kind,
      summary: `Put the "${MESSAGE_KIND_LABELS[kind]}" message back to its default`,
      changes: {},
    });
  });
  return templateOf(db, kind);
}

const PreviewContext = Context.extend({
  sale_id: z.string(),
  customer_name: z.string(),
  paid_kobo: z.coerce.number(),
});

/**
 * The template filled in for one real account (the given one, or the newest), with made-up token figures
 * where the account has none to show. Unknown variables are refused as the save refuses them.
 */
export async function previewTemplate(
  db: AppDb,
  kind: TemplateKind,
  input: TemplatePreviewInput,
): Promise<TemplatePreviewResult> {
  const unknown = unknownVariables(input.body, kind);
  if (unknown.length) throw invalidField("body", unknownVariablesMessage(unknown, kind));
  const [account] = await queryRows(
    db,
    sql`select a.sale_id, c.firstname || ' ' || c.lastname as customer_name, c.firstname, c.phone, c.email,
        c.messages_opt_out as opted_out, false as deleted, b.name as business_name, b.phone as business_phone,
        null::text as template_body, null::text as template_subject, s.number as sale_number,
        a.credit_expiry::text as credit_expiry, a.outstanding_kobo, a.paid_kobo
      from accounts a join customers c on c.id = a.customer_id join sales s on s.id = a.sale_id
      left join business_settings b on b.id = 'current'
      where ${input.saleId ? sql`a.sale_id = ${input.saleId}` : sql`true`}
      order by a.sale_date desc, a.sale_id desc limit 1`,
    PreviewContext,
  );
  if (input.saleId && !account) throw invalidField("saleId", "No account has this sale id");
  const channel = account ? (addressOf(account)?.channel ?? "SMS") : "SMS";
  const text = renderTemplate(input.body, {
    customerName: account?.firstname ?? "Ada",
    amount: moneyFor(channel, 500_000),
    balance: moneyFor(channel, account?.outstanding_kobo ?? 12_000_000),
    token: "123 456 789",
    days: "30",
    dueDate: dayForCustomer(account?.credit_expiry ?? "2026-12-31"),
    deviceSerial: "SN-0001",
    saleNumber: saleNumberText(account?.sale_number ?? 1),
    businessName: account?.business_name ?? "",
    businessPhone: account?.business_phone ?? "",
  });
  return {
    text,
    length: smsLength(text),
    saleId: account?.sale_id ?? null,
    customerName: account?.customer_name ?? null,
  };
}

export async function saveReminderSchedule(db: AppDb, actor: StaffActor, input: ReminderScheduleInput) {
  await db.transaction(async (tx) => {
    await tx
      .insert(messageSettings)
      .values({ id: "current", ...input, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: messageSettings.id,
        set: { ...input, updatedBy: actor.userId, updatedAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      action: "update-reminder-schedule",
      subject: "Settings",
      recordId: "reminders",
      summary: input.remindersOn
        ? `Reminders ${input.daysBefore.join(", ") || "no"} days before, ${input.onTheDay ? "on the day, " : ""}${input.daysAfter.join(", ") || "no"} days after`
        : "Turned reminders off",
      changes: { ...input, daysBefore: input.daysBefore.join(","), daysAfter: input.daysAfter.join(",") },
    });
  });
  return reminderSchedule(db);
}
