import { ne, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
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

/** `column` holds `value` whatever its capitals: names and e-mails differing only in case are one. */
export function sameText(column: AnyPgColumn, value: string): SQL {
  return sql`lower(${column}) = ${value.toLowerCase()}`;
}

/** Leaves out the record being edited, which may keep its own value; no id, nothing left out. */
export function otherThan(idColumn: AnyPgColumn, id: string | undefined): SQL | undefined {
  return id ? ne(idColumn, id) : undefined;
}
