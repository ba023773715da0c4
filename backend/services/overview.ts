import { COUNTED_AREAS } from "../areas";
import type { AppDb } from "../db/client";
import { isGranted } from "../schemas/permissions";
import { collectionOverview } from "./collections";
import type { LateCount } from "./collections";
import { portfolioCounts } from "./portfolio";
import { readRecordCounts } from "./record-counts";

export function readableAreas(granted: readonly string[]) {
  return COUNTED_AREAS.filter((area) => isGranted(granted, `read:${area.subject}`));
}

const readsPortfolio = (granted: readonly string[]) => isGranted(granted, "read:Portfolio");
const readsCollections = (granted: readonly string[]) => isGranted(granted, "read:Collections");

/** Callers who may read the same areas see the same counts: the cache key names those areas. */
export function overviewAudience(granted: readonly string[]) {
  return (
    [
      ...readableAreas(granted).map((area) => area.key),
      ...(readsPortfolio(granted) ? ["portfolio"] : []),
      ...(readsCollections(granted) ? ["collections"] : []),
    ].join("+") || "none"
  );
}

export async function getAreaCounts(
  db: AppDb,
  granted: readonly string[],
  late?: LateCount,
): Promise<Record<string, number>> {
  const areas = readableAreas(granted);
  const answer: Record<string, number> = {};
  if (areas.length > 0) {
    // Kept by triggers (decision 026): counting here would take the one thread the pages share with PGlite.
    const counts = await readRecordCounts(db);
    for (const area of areas) answer[area.key] = counts.get(area.counter) ?? 0;
  }
  if (readsPortfolio(granted)) Object.assign(answer, await portfolioCounts(db));
  if (readsCollections(granted)) Object.assign(answer, await collectionOverview(db, undefined, late));
  return answer;
}
