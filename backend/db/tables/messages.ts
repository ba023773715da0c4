import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from "../../constants/messages";
import type { MessageChannel, MessageKind, MessageStatus } from "../../constants/messages";
import { createdAt, id, moment, oneOf, updatedAt } from "../columns";
import { customers } from "./customers";
import { salePayments, sales } from "./sales";
import { users } from "./staff";

// Customer messages (issue 29, decision 043). Every message is a row of this outbox, written in the same
// transaction as what causes it; the worker sends queued rows and delivery reports move their status.

export const messages = pgTable(
  "messages",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    saleId: text("sale_id").references(() => sales.id),
    paymentId: text("payment_id").references(() => salePayments.id),
    /** The device tokens the message carries, so the sale page shows each token's message beside it. */
    tokenIds: text("token_ids").array(),
    kind: text("kind").$type<MessageKind>().notNull(),
    channel: text("channel").$type<MessageChannel>().notNull(),
    /** The number (234…) or address it goes to; "" when the customer has none (then it FAILED at once). */
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    status: text("status").$type<MessageStatus>().notNull().default("QUEUED"),
    provider: text("provider"),
    providerId: text("provider_id"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    /** Not sent before: the reminders' window, and a retry's backoff. */
    sendAfter: moment("send_after").notNull().defaultNow(),
    /** A worker is sending it until then; past it, another may (the first one's process died). */
    claimedUntil: moment("claimed_until"),
    /** Makes a reminder once only: `reminder:<sale>:<due day>:<offset>`. */
    onceKey: text("once_key"),
    /** For a reminder: the credit expiry it is about, checked again before it goes out. */
    dueDate: date("due_date", { mode: "string" }),
    createdBy: text("created_by").references(() => users.id),
    createdAt: createdAt(),
    sentAt: moment("sent_at"),
    statusAt: moment("status_at").notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The worker's queue: only queued rows are in it, oldest due first.
    index("messages_queue_idx")
      .on(table.sendAfter)
      .where(sql`${table.status} = 'QUEUED'`),
    index("messages_customer_idx").on(table.customerId, table.createdAt),
    index("messages_sale_idx").on(table.saleId),
    index("messages_created_idx").on(table.createdAt, table.id),
    index("messages_status_created_idx").on(table.status, table.createdAt),
    uniqueIndex("messages_provider_id_idx")
      .on(table.provider, table.providerId)
      .where(sql`${table.providerId} is not null`),
    uniqueIndex("messages_once_key_idx")
      .on(table.onceKey)
      .where(sql`${table.onceKey} is not null`),
    check("messages_kind_check", oneOf(table.kind, MESSAGE_KINDS)),
    check("messages_channel_check", oneOf(table.channel, MESSAGE_CHANNELS)),
    check("messages_status_check", oneOf(table.status, MESSAGE_STATUSES)),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** A template staff changed; without a row, the kind's default (constants/messages.ts) is used. */
export const messageTemplates = pgTable(
  "message_templates",
  {
    kind: text("kind").$type<MessageKind>().primaryKey(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    updatedBy: text("updated_by").references(() => users.id),
    updatedAt: updatedAt(),
  },
  (table) => [check("message_templates_kind_check", oneOf(table.kind, MESSAGE_KINDS))],
);

/** One row: the reminder schedule (days before and after the credit runs out). */
export const messageSettings = pgTable("message_settings", {
  id: text("id").primaryKey().default("current"),
  remindersOn: boolean("reminders_on").notNull().default(true),
  daysBefore: integer("days_before").array().notNull(),
  onTheDay: boolean("on_the_day").notNull().default(true),
  daysAfter: integer("days_after").array().notNull(),
  updatedBy: text("updated_by").references(() => users.id),
  updatedAt: updatedAt(),
});

/** Every delivery report received, applied or refused, so support can see the gateway is talking to us. */
export const messageReports = pgTable(
  "message_reports",
  {
    id: id(),
    provider: text("provider").notNull(),
    providerId: text("provider_id"),
    status: text("status"),
    /** applied, unknown (no such message), forged (bad signature or token), unreadable. */
    outcome: text("outcome").notNull(),
    detail: text("detail"),
    receivedAt: createdAt(),
  },
  (table) => [index("message_reports_received_idx").on(table.receivedAt)],
);
