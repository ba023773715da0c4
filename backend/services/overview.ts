import { count, isNull } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { users } from "../db/schema";
import { isGranted } from "./permissions";

/** Record counts for the home tiles, only for the areas the caller may read. */
export async function getOverview(db: AppDb, granted: readonly string[]) {
  const counts: Record<string, number> = {};
  if (isGranted(granted, "read:Users")) {
    const [{ total }] = await db.select({ total: count() }).from(users).where(isNull(users.deletedAt));
    counts.users = total;
  }
  return { counts };
}
