import { sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { recordCountChanges } from "../db/schema";

const FOLD_AFTER = 500;

// A counter never written is absent: its count is 0 (migration 0012's triggers, decision 026).
export async function readRecordCounts(db: AppDb): Promise<Map<string, number>> {
  const rows = await db
    .select({
      counter: recordCountChanges.counter,
      total: sql<number>`sum(${recordCountChanges.delta})::int`,
      changes: sql<number>`count(*)::int`,
    })
    .from(recordCountChanges)
    .groupBy(recordCountChanges.counter);
  if (rows.reduce((sum, row) => sum + row.changes, 0) > FOLD_AFTER) await foldRecordCounts(db);
  return new Map(rows.map((row) => [row.counter, row.total]));
}

// In one statement: a reader sees the log before or after, never half; concurrent writers' rows wait.
export async function foldRecordCounts(db: AppDb): Promise<void> {
  await db.execute(sql`
    with folded as (delete from ${recordCountChanges} returning counter, delta)
    insert into ${recordCountChanges} (counter, delta)
    select counter, sum(delta) from folded group by counter`);
}
