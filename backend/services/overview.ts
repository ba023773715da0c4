import { sql } from "drizzle-orm";
import { COUNTED_AREAS } from "../areas";
import type { AppDb } from "../db/client";
import { isGranted } from "../schemas/permissions";

/** The areas `granted` may read, in registry order. */
export function readableAreas(granted: readonly string[]) {
  return COUNTED_AREAS.filter((area) => isGranted(granted, `read:${area.subject}`));
}

/** Callers who may read the same areas see the same counts: the cache key names those areas. */
export function overviewAudience(granted: readonly string[]) {
  return (
    readableAreas(granted)
      .map((area) => area.key)
      .join("+") || "none"
  );
}

/** Record counts for the home tiles and side navigation, only for the areas the caller may read. */
export async function getAreaCounts(db: AppDb, granted: readonly string[]): Promise<Record<string, number>> {
  const areas = readableAreas(granted);
  if (areas.length === 0) return {};
  // One round trip for every count: this runs on every signed-in page.
  const [counts] = await db
    .select(Object.fromEntries(areas.map((area) => [area.key, area.count])))
    .from(sql`(values (1)) as one`);
  return counts as Record<string, number>;
}
