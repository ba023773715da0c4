import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Limit } from "../config";
import type { AppDb } from "../db/client";
import { rateLimits } from "../db/schema";

// Times come from the database's clock, so several processes agree on them (docs/decisions/012).

export async function lockedUntil(db: AppDb, keys: string[]): Promise<Date | null> {
  if (keys.length === 0) return null;
  const [row] = await db
    .select({ until: sql<Date | null>`max(${rateLimits.lockedUntil})` })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.lockedUntil, sql`now()`)));
  return row?.until ? new Date(row.until) : null;
}

// One upsert, so concurrent events queue on the row and each gets its own number.
async function bump(db: AppDb, key: string, limit: Limit, unlessLocked: boolean): Promise<number | null> {
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
      ...(unlessLocked
        ? { setWhere: sql`${rateLimits.lockedUntil} is null or ${rateLimits.lockedUntil} <= now()` }
        : {}),
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? null;
}

export async function countEvent(db: AppDb, key: string, limit: Limit): Promise<number> {
  const count = (await bump(db, key, limit, false)) ?? 1;
  if (limit.lockMs && count >= limit.max) {
    await db
      .update(rateLimits)
      .set({ lockedUntil: sql`now() + ${`${limit.lockMs} milliseconds`}::interval` })
      .where(eq(rateLimits.key, key));
  }
  return count;
}

/** Taken before the attempt is checked; null while the key is locked (nothing is counted then). */
export function takeAttempt(db: AppDb, key: string, limit: Limit): Promise<number | null> {
  return bump(db, key, limit, true);
}

/** Never shortens a lock already set. */
export async function lockKey(db: AppDb, key: string, limit: Limit): Promise<Date> {
  const until = sql`now() + ${`${limit.lockMs ?? limit.windowMs} milliseconds`}::interval`;
  const [row] = await db
    .update(rateLimits)
    .set({ lockedUntil: sql`greatest(${rateLimits.lockedUntil}, ${until})` })
    .where(eq(rateLimits.key, key))
    .returning({ until: rateLimits.lockedUntil });
  return row?.until ?? new Date(Date.now() + (limit.lockMs ?? limit.windowMs));
}

export async function returnAttempt(db: AppDb, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

// A success in the middle of a burst of guesses must not wipe the burst out.
export async function forgetAttempts(db: AppDb, key: string, limit: Limit) {
  await db
    .delete(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        lte(rateLimits.count, limit.max),
        or(isNull(rateLimits.lockedUntil), lte(rateLimits.lockedUntil, sql`now()`)),
      ),
    );
}

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

export function minutesUntil(until: Date, now = new Date()) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
