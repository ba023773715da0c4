import { ACCOUNT_EVENT_KINDS } from "../../constants/account-actions";
import type { AccountEventKind } from "../../constants/account-actions";
import { check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, oneOf } from "../columns";
import { accounts } from "./accounts";
import { users } from "./staff";

/**
 * An account's timeline (issue 27 §2): every contract action, who took it, when, and what it changed
 * (before → after). Written in the action's own transaction, beside its audit row.
 */
export const accountEvents = pgTable(
  "account_events",
  {
    id: id(),
    saleId: text("sale_id")
      .notNull()
      .references(() => accounts.saleId),
    kind: text("kind").$type<AccountEventKind>().notNull(),
    summary: text("summary").notNull(),
    reason: text("reason"),
    before: jsonb("before").$type<Record<string, string | number | null>>(),
    after: jsonb("after").$type<Record<string, string | number | null>>(),
    /** A restructure's old schedule, kept as it was (the new one is the account's schedule). */
    schedule: jsonb("schedule").$type<{ number: number; dueDate: string; amountKobo: number }[]>(),
    staffId: text("staff_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index("account_events_sale_idx").on(table.saleId, table.createdAt),
    check("account_events_kind_check", oneOf(table.kind, ACCOUNT_EVENT_KINDS)),
  ],
);
export type AccountEventRow = typeof accountEvents.$inferSelect;
