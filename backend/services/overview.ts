import { count, gte, isNull } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { auditLog, users } from "../db/schema";
import { isGranted } from "./permissions";

/** Lagos keeps UTC+1 all year (no daylight saving), so its midnight is a fixed offset from UTC's. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

export function startOfBusinessDay(now: Date) {
  const local = new Date(now.getTime() + LAGOS_OFFSET_MS);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - LAGOS_OFFSET_MS);
}

/**
 * Counts for the home tiles, side navigation and the Action Center bell, only for the areas the
 * caller may read. Staff activity is part of staff administration, so it follows read:Users.
 */
export async function getOverview(db: AppDb, granted: readonly string[], now = new Date()) {
  const counts: Record<string, number> = {};
  if (isGranted(granted, "read:Users")) {
    const [[staff], [today]] = await Promise.all([
      db.select({ total: count() }).from(users).where(isNull(users.deletedAt)),
      db
        .select({ total: count() })
        .from(auditLog)
        .where(gte(auditLog.createdAt, startOfBusinessDay(now))),
    ]);
    counts.users = staff.total;
    counts.activityToday = today.total;
  }
  return { counts };
}
