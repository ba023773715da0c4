import { sql } from "drizzle-orm";
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
export type Overview = { counts: Record<string, number> };

/** Callers who may read the same areas see the same overview. */
export function overviewAudience(granted: readonly string[]) {
  return isGranted(granted, "read:Users") ? "staff" : "none";
}

export async function getOverview(
  db: AppDb,
  granted: readonly string[],
  now = new Date(),
): Promise<Overview> {
  const counts: Record<string, number> = {};
  if (isGranted(granted, "read:Users")) {
    // One round trip for both counts: this runs on every signed-in page.
    const [row] = await db
      .select({
        staff: sql<number>`(select count(*) from ${users} where ${users.deletedAt} is null)::int`,
        activityToday: sql<number>`(select count(*) from ${auditLog} where ${auditLog.createdAt} >= ${startOfBusinessDay(now)})::int`,
      })
      .from(sql`(values (1)) as one`);
    counts.users = row.staff;
    counts.activityToday = row.activityToday;
  }
  return { counts };
}
