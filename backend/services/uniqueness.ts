import { and, ne, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppDb } from "../db/client";

/** Answers a field message before a write; the unique index stays the last word under a race. */
export async function isTaken(db: AppDb, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [found] = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return Boolean(found);
}

// In one statement: separate queries can straddle another request's commit and see half of its values.
export async function takenAmong<Field extends string>(
  db: AppDb,
  table: PgTable,
  scope: SQL | undefined,
  checks: Record<Field, SQL>,
): Promise<Field[]> {
  const fields = Object.keys(checks) as Field[];
  const columns: Record<string, SQL<boolean>> = {};
  for (const field of fields) columns[field] = sql`${checks[field]}`.mapWith(Boolean);
  const rows = await db
    .select(columns)
    .from(table)
    .where(and(scope, or(...fields.map((field) => checks[field]))))
    .limit(fields.length);
  return fields.filter((field) => rows.some((row) => row[field]));
}

/** `column` holds `value` whatever its capitals: names and e-mails differing only in case are one. */
export function sameText(column: AnyPgColumn, value: string): SQL {
  return sql`lower(${column}) = ${value.toLowerCase()}`;
}

export function otherThan(idColumn: AnyPgColumn, id: string | undefined): SQL | undefined {
  return id ? ne(idColumn, id) : undefined;
}
