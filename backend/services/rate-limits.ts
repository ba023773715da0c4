import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Limit } from "../config";
import type { AppDb } from "../db/client";
import { rateLimits } from "../db/schema";

/**
 * Fixed-window counters in the database (docs/decisions/012). Times come from the database's clock, so
 * several processes agree on them.
 */

/** The latest moment any of `keys` stays locked, or null when none is. */
export async function lockedUntil(db: AppDb, keys: string[]): Promise<Date | null> {
  if (keys.length === 0) return null;
  const [row] = await db
    .select({ until: sql<Date | null>`max(${rateLimits.lockedUntil})` })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.lockedUntil, sql`now()`)));
  return row?.until ? new Date(row.until) : null;
}

/**
 * Counts one event for `key` (a new window when the last one is over) and returns the count so far in
 * this window. With `limit.lockMs`, reaching `limit.max` locks the key for that long.
 */
export async function countEvent(db: AppDb, key: string, limit: Limit): Promise<number> {
  const window = sql`${`${limit.windowMs} milliseconds`}::interval`;
  const expired = sql`${rateLimits.windowStartedAt} <= now() - ${window}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  if (limit.lockMs && row.count >= limit.max) {
    await db
      .update(rateLimits)
      .set({ lockedUntil: sql`now() + ${`${limit.lockMs} milliseconds`}::interval` })
      .where(eq(rateLimits.key, key));
  }
  return row.count;
}

/** Locks `key` until its current window is over (a limit without its own lockout, such as reset mails). */
export async function lockKeyUntilWindowEnds(db: AppDb, key: string, limit: Limit): Promise<Date> {
  const [row] = await db
    .update(rateLimits)
    .set({
      lockedUntil: sql`${rateLimits.windowStartedAt} + ${`${limit.windowMs} milliseconds`}::interval`,
    })
    .where(eq(rateLimits.key, key))
    .returning({ until: rateLimits.lockedUntil });
  return row?.until ?? new Date(Date.now() + limit.windowMs);
}

/** Forgets a key's failures (a successful sign-in). */
export async function clearEvents(db: AppDb, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** "15 minutes", "1 minute": how long until `until`, rounded up. */
export function minutesUntil(until: Date, now = new Date()) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
