import { bigint, bigserial, pgTable, text } from "drizzle-orm/pg-core";

/**
 * How many rows the counted tables hold, kept by database triggers as a log of changes (migration
 * 0012, decision 026): each insert, delete, soft delete or truncate adds one row per counter it moved.
 * A count is the sum of its counter's deltas; `readRecordCounts` folds the log into one row per counter
 * when it grows. Writers only ever append, so concurrent transactions never wait on each other here.
 */
export const recordCountChanges = pgTable("record_count_changes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  counter: text("counter").notNull(),
  delta: bigint("delta", { mode: "number" }).notNull(),
});
