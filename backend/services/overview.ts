import { COUNTED_AREAS } from "../areas";
import type { AppDb } from "../db/client";
import { isGranted } from "../schemas/permissions";
import { readRecordCounts } from "./record-counts";

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
  // Kept by triggers (decision 026): counting 100,000-row tables here took tens of milliseconds of the
  // one thread an embedded database shares with the pages, whenever the cached answer expired.
  const counts = await readRecordCounts(db);
  return Object.fromEntries(areas.map((area) => [area.key, counts.get(area.counter) ?? 0]));
}
