import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { auditLog, customers, users } from "../db/schema";
import { isGranted } from "../schemas/permissions";

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

/** Callers who may read the same areas see the same overview: the cache key names those areas. */
export function overviewAudience(granted: readonly string[]) {
  const areas = [
    isGranted(granted, "read:Users") ? "staff" : null,
    isGranted(granted, "read:Customers") ? "customers" : null,
  ].filter(Boolean);
  return areas.length ? areas.join("+") : "none";
}

export async function getOverview(
  db: AppDb,
  granted: readonly string[],
  now = new Date(),
): Promise<Overview> {
  const selection: Record<string, SQL<number>> = {};
  if (isGranted(granted, "read:Users")) {
    selection.users = sql<number>`(select count(*) from ${users} where ${users.deletedAt} is null)::int`;
    selection.activityToday = sql<number>`(select count(*) from ${auditLog} where ${auditLog.createdAt} >= ${startOfBusinessDay(now)})::int`;
  }
  if (isGranted(granted, "read:Customers")) {
    selection.customers = sql<number>`(select count(*) from ${customers} where ${customers.deletedAt} is null)::int`;
  }
  if (Object.keys(selection).length === 0) return { counts: {} };
  // One round trip for every count: this runs on every signed-in page.
  const [counts] = await db.select(selection).from(sql`(values (1)) as one`);
  return { counts };
}
