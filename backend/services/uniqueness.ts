import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AppDb } from "../db/client";

/**
 * Whether any row of `table` matches `where` (an e-mail, a phone, a name already used by a live record).
 * Checked before a write to answer a field message; the unique index stays the last word under a race.
 */
export async function isTaken(db: AppDb, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [found] = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return Boolean(found);
}
