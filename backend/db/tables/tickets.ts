import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { TICKET_EVENT_KINDS, TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from "../../schemas/tickets";
import type { TicketEventKind, TicketPriority, TicketStatus, TicketType } from "../../schemas/tickets";
import { createdAt, id, moment, oneOf, updatedAt } from "../columns";
import { customers } from "./customers";
import { users } from "./staff";

export const tickets = pgTable(
  "tickets",
  {
    id: id(),
    type: text("type").$type<TicketType>().notNull(),
    priority: text("priority").$type<TicketPriority>().notNull(),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    status: text("status").$type<TicketStatus>().notNull().default("open"),
    customerId: text("customer_id").references(() => customers.id),
    assigneeId: text("assignee_id").references(() => users.id),
    creatorId: text("creator_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("tickets_created_at_idx").on(table.createdAt, table.id),
    index("tickets_status_created_at_idx").on(table.status, table.createdAt, table.id),
    index("tickets_customer_id_idx").on(table.customerId),
    index("tickets_assignee_id_idx").on(table.assigneeId),
    check("tickets_type_check", oneOf(table.type, TICKET_TYPES)),
    check("tickets_priority_check", oneOf(table.priority, TICKET_PRIORITIES)),
    check("tickets_status_check", oneOf(table.status, TICKET_STATUSES)),
  ],
);
export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;

export const ticketEvents = pgTable(
  "ticket_events",
  {
    id: id(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TicketEventKind>().notNull(),
    actorId: text("actor_id").references(() => users.id),
    fromStatus: text("from_status").$type<TicketStatus>(),
    toStatus: text("to_status").$type<TicketStatus>(),
    fromAssigneeId: text("from_assignee_id").references(() => users.id),
    toAssigneeId: text("to_assignee_id").references(() => users.id),
    body: text("body"),
    createdAt: moment("created_at")
      .notNull()
      .default(sql`clock_timestamp()`),
    // The order events were written in: one change's events may share a timestamp.
    sequence: bigint("sequence", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [
    index("ticket_events_ticket_idx").on(table.ticketId, table.sequence),
    check("ticket_events_kind_check", oneOf(table.kind, TICKET_EVENT_KINDS)),
  ],
);
export type TicketEventRow = typeof ticketEvents.$inferSelect;
export type NewTicketEventRow = typeof ticketEvents.$inferInsert;
