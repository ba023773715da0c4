import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { moment } from "../columns";

/**
 * One row per round of a background job, claimed by the first process to insert it: however many app
 * processes share the database, each round's work runs once (decision 042).
 */
export const jobRounds = pgTable(
  "job_rounds",
  {
    job: text("job").notNull(),
    // The start of the round's time slot, on the database's clock.
    roundStart: moment("round_start").notNull(),
    instance: text("instance").notNull(),
    startedAt: moment("started_at").notNull(),
    finishedAt: moment("finished_at"),
    // What the round did (rows cancelled, accounts rolled), or its error.
    work: jsonb("work").$type<Record<string, number | string>>(),
    durationMs: integer("duration_ms"),
  },
  (table) => [
    primaryKey({ columns: [table.job, table.roundStart] }),
    index("job_rounds_started_at_idx").on(table.startedAt),
  ],
);
