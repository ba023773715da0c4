import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { moment } from "../columns";

/** In the database, so several app processes on one PostgreSQL share them. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: moment("window_started_at").notNull(),
  lockedUntil: moment("locked_until"),
});
export type RateLimitRow = typeof rateLimits.$inferSelect;
