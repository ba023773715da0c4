import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { id, moment } from "../columns";
import { users } from "./staff";

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id),
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    recordId: text("record_id"),
    summary: text("summary").notNull(),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    ip: text("ip"),
    // clock_timestamp, not now(): several rows written in one transaction still keep their order.
    createdAt: moment("created_at")
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index("audit_log_created_at_idx").on(table.createdAt),
    index("audit_log_record_idx").on(table.subject, table.recordId),
    // A staff member's Activity History: their own changes, newest first.
    index("audit_log_actor_idx").on(table.actorId, table.createdAt),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;
