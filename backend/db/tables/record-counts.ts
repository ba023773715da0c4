import { bigint, bigserial, pgTable, text } from "drizzle-orm/pg-core";

// A log of changes kept by triggers (migration 0012, decision 026): writers only ever append, so concurrent
// transactions never wait on each other here; `readRecordCounts` folds it when it grows.
export const recordCountChanges = pgTable("record_count_changes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  counter: text("counter").notNull(),
  delta: bigint("delta", { mode: "number" }).notNull(),
});
