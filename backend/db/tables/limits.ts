import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { moment } from "../columns";

/**
 * Counters behind the sign-in and reset-mail limits (services/rate-limits.ts), kept in the database so
 * several app processes on one PostgreSQL share them. One row per key (`login:account:<e-mail>`, …).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: moment("window_started_at").notNull(),
  lockedUntil: moment("locked_until"),
});
export type RateLimitRow = typeof rateLimits.$inferSelect;
