import { sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { recordCountChanges } from "../db/schema";

/** Past this many change rows a read folds them into one row per counter. */
const FOLD_AFTER = 500;

/**
 * Every counter the triggers of migration 0012 keep (decision 026): a table's name for its row count
 * (rows not deleted, where the table deletes softly), and `sales:{status}:{hasContract}` for the sales
 * by what decides their tabs. A counter never written is absent: its count is 0.
 */
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

/**
 * Replaces the change rows this statement sees with their sums, in one statement: a reader sees the
 * log before or after, never half, and rows that concurrent writers add meanwhile are left for next time.
 */
export async function foldRecordCounts(db: AppDb): Promise<void> {
  await db.execute(sql`
    with folded as (delete from ${recordCountChanges} returning counter, delta)
    insert into ${recordCountChanges} (counter, delta)
    select counter, sum(delta) from folded group by counter`);
}
