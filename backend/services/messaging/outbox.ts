import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import { messages } from "../../db/schema";
import { DEFAULT_TEMPLATES } from "../../constants/messages";
import type { MessageChannel, MessageKind, MessageStatus } from "../../constants/messages";
import { saleNumberText } from "../../constants/record-numbers";
import { normalisePhone } from "../../schemas/phone";
import { dayForCustomer, moneyFor, renderTemplate } from "./templates";
import type { MessageValues } from "./templates";

// The outbox (issue 29, decision 043): a message is a row written in its cause's transaction, so a payment
// that commits has its message and one that rolls back has none; the worker sends what is queued.

export const NO_CONTACT = "The customer has no phone number or e-mail address that can take messages";
export const OPTED_OUT = "The customer opted out of messages";
export const CUSTOMER_GONE = "The customer was deleted";
export const NO_TEXT =
  "Nothing of the text is left for this customer: every sentence names a value they lack";

/** The number a gateway takes: the international form without "+" (234…), or null when it is no number. */
export function gatewayNumber(phone: string): string | null {
  const normal = normalisePhone(phone);
  if (!normal) return null;
  return normal.startsWith("+") ? normal.slice(1) : `234${normal.slice(1)}`;
}

/** Values whose meaning depends on the channel (money) are given in kobo and written here. */
export interface MessageFacts {
  amountKobo?: number;
  balanceKobo?: number;
  dueDate?: string | null;
  token?: string;
  days?: number | null;
  deviceSerial?: string;
}

export interface QueueInput {
  kind: MessageKind;
  customerId: string;
  saleId?: string | null;
  paymentId?: string | null;
  tokenIds?: string[];
  facts?: MessageFacts;
  /** A message staff typed, with its variables still to fill; otherwise the kind's template. */
  body?: string;
  createdBy?: string | null;
  /** Tokens and receipts are the service itself: they go even to a customer who opted out of messages. */
  transactional: boolean;
  sendAfter?: Date;
  onceKey?: string;
  dueDate?: string;
}

/** Who the message goes to and who it is from. */
const Parties = z.object({
  firstname: z.string(),
  phone: z.string(),
  email: z.string(),
  opted_out: z.boolean(),
  deleted: z.boolean(),
  business_name: z.string().nullable(),
  business_phone: z.string().nullable(),
});

export const Context = Parties.extend({
  template_body: z.string().nullable(),
  template_subject: z.string().nullable(),
  sale_number: z.coerce.number().nullable(),
  credit_expiry: z.string().nullable(),
  outstanding_kobo: z.coerce.number().nullable(),
});
export type Context = z.infer<typeof Context>;

/** Everything a message's text draws on, in one round trip inside the caller's transaction. */
async function contextOf(tx: AppDb, input: QueueInput): Promise<Context | null> {
  const [row] = await queryRows(
    tx,
    sql`select c.firstname, c.phone, c.email, c.messages_opt_out as opted_out,
        c.deleted_at is not null as deleted,
        b.name as business_name, b.phone as business_phone,
        t.body as template_body, t.subject as template_subject,
        s.number as sale_number, a.credit_expiry::text as credit_expiry, a.outstanding_kobo
      from customers c
      left join business_settings b on b.id = 'current'
      left join message_templates t on t.kind = ${input.kind}
      left join sales s on s.id = ${input.saleId ?? null}
      left join accounts a on a.sale_id = s.id
      where c.id = ${input.customerId}`,
    Context,
  );
  return row ?? null;
}

function valuesFor(
  context: Context,
  channel: MessageChannel,
  facts: MessageFacts,
  dueDay: string | undefined,
): MessageValues {
  const balance = facts.balanceKobo ?? context.outstanding_kobo;
  const dueDate = facts.dueDate === undefined ? context.credit_expiry : facts.dueDate;
  return {
    customerName: context.firstname,
    amount: facts.amountKobo === undefined ? undefined : moneyFor(channel, facts.amountKobo),
    balance: balance === null ? undefined : moneyFor(channel, balance),
    dueDate: dueDay ?? (dueDate ? dayForCustomer(dueDate) : ""),
    token: facts.token,
    days: facts.days === undefined || facts.days === null ? undefined : String(facts.days),
    deviceSerial: facts.deviceSerial,
    saleNumber: context.sale_number === null ? undefined : saleNumberText(context.sale_number),
    businessName: context.business_name ?? "",
    businessPhone: context.business_phone ?? "",
  };
}

/** The channel and address a customer's messages go to: SMS when the number is one, else e-mail. */
export function addressOf(customer: { phone: string; email: string }) {
  const number = gatewayNumber(customer.phone);
  if (number) return { channel: "SMS" as const, recipient: number };
  if (customer.email) return { channel: "EMAIL" as const, recipient: customer.email };
  return null;
}

export type Templates = Partial<Record<MessageKind, { body: string; subject: string }>>;

/**
 * A message's row from what it is about. A message that can never go (no number or address, a customer
 * who opted out of what is not transactional) is FAILED with its reason, so staff see why the customer
 * heard nothing. `dueDay` stands for `{dueDate}` when the day is written in later (queueAfterLock).
 */
export function composeMessage(context: Context, input: QueueInput, dueDay?: string) {
  const address = addressOf(context);
  const channel = address?.channel ?? "SMS";
  const fallback = input.kind === "MANUAL" ? null : DEFAULT_TEMPLATES[input.kind];
  const body = renderTemplate(
    input.body ?? context.template_body ?? fallback?.body ?? "",
    valuesFor(context, channel, input.facts ?? {}, dueDay),
  );
  const failure = context.deleted
    ? CUSTOMER_GONE
    : !address
      ? NO_CONTACT
      : context.opted_out && !input.transactional
        ? OPTED_OUT
        : body === ""
          ? NO_TEXT
          : null;
  const status: MessageStatus = failure ? "FAILED" : "QUEUED";
  return {
    id: randomUUID(),
    customerId: input.customerId,
    saleId: input.saleId ?? null,
    paymentId: input.paymentId ?? null,
    tokenIds: input.tokenIds?.length ? input.tokenIds : null,
    kind: input.kind,
    channel,
    recipient: address?.recipient ?? "",
    subject:
      channel === "EMAIL" ? (context.template_subject ?? fallback?.subject ?? "A message from us") : null,
    body,
    status,
    error: failure,
    createdBy: input.createdBy ?? null,
    sendAfter: input.sendAfter ?? new Date(),
    onceKey: input.onceKey ?? null,
    dueDate: input.dueDate ?? null,
  };
}

/**
 * One message, queued in the caller's transaction; it answers its id and status. `alongside` is an insert
 * the caller makes anyway (a payment's audit row): both go in one statement, so that the message costs
 * its cause one read and no statement of its own to write it.
 */
export async function queueMessage(
  tx: AppDb,
  input: QueueInput,
  alongside?: { getSQL(): SQL },
): Promise<QueuedMessage> {
  const context = await contextOf(tx, input);
  if (!context) throw new Error(`No customer ${input.customerId} to message`);
  return writeMessage(tx, composeMessage(context, input), input, alongside);
}

type QueuedMessage = { id: string; status: MessageStatus; recipient: string };

async function writeMessage(
  tx: AppDb,
  row: Omit<ReturnType<typeof composeMessage>, "body"> & { body: string | SQL },
  input: QueueInput,
  alongside?: { getSQL(): SQL },
): Promise<QueuedMessage> {
  // The database's clock, as the worker's: a process's clock ahead of it would hold the message back.
  const { sendAfter: _processClock, ...rest } = row;
  const insert = tx.insert(messages).values(input.sendAfter ? row : rest);
  if (alongside) await tx.execute(sql`with queued as (${insert.getSQL()}) ${alongside.getSQL()}`);
  else await insert;
  return { id: row.id, status: row.status, recipient: row.recipient };
}

/**
 * What a sale's messages draw on that the sale's own statements do not change, read by the statement
 * that locks the sale (`lock_sale`, migration 0030).
 */
export const SaleParties = Parties.extend({
  is_account: z.boolean(),
  templates: z.record(z.string(), z.object({ body: z.string(), subject: z.string() })),
});
export type SaleParties = z.infer<typeof SaleParties>;

// Where the account's credit expiry goes in a text composed before the statement that works it out: a
// private-use character, which no template, name or figure holds.
const DUE_DAY = "\uE000";

/**
 * A sale's message composed from what its lock read, so that it costs its cause no read of its own. The
 * account's credit expiry is what the cause's statements just changed: the statement that writes the
 * message reads it and writes its day into the text. An account without one (it cannot happen while a
 * balance is owed) gets the text without the sentences naming it, as any message lacking a value.
 */
export async function queueAfterLock(
  tx: AppDb,
  sale: { id: string; number: number; parties: SaleParties },
  input: QueueInput & { saleId: string },
  alongside?: { getSQL(): SQL },
): Promise<QueuedMessage> {
  const { parties } = sale;
  const template = parties.templates[input.kind];
  const context: Context = {
    ...parties,
    template_body: template?.body ?? null,
    template_subject: template?.subject ?? null,
    sale_number: sale.number,
    credit_expiry: null,
    outstanding_kobo: null,
  };
  const without = composeMessage(context, input);
  if (!parties.is_account || input.facts?.dueDate !== undefined)
    return writeMessage(tx, without, input, alongside);
  const row = composeMessage(context, input, DUE_DAY);
  if (!row.body.includes(DUE_DAY)) return writeMessage(tx, row, input, alongside);
  const fallback = without.body || row.body.replaceAll(DUE_DAY, "");
  // account_due_day writes the day as dayForCustomer does (migration 0030).
  const day = sql`account_due_day(${input.saleId})`;
  return writeMessage(
    tx,
    { ...row, body: sql`coalesce(replace(${row.body}, ${DUE_DAY}, ${day}), ${fallback})` },
    input,
    alongside,
  );
}
