import { Param, getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AppDb } from "./client";

// Each column as one array parameter spread by `unnest`: a VALUES list's thousands of parameters cost far
// more to send and plan. Columns left out take their defaults; ids made in code (`$defaultFn`) must be given.
export type BulkColumn = readonly [
  field: string,
  sqlType: "text" | "integer" | "bigint" | "boolean" | "jsonb" | "timestamptz" | "date",
];

const ROWS_PER_STATEMENT = 5_000;

function cell(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}

export async function insertByUnnest(
  tx: AppDb,
  table: PgTable,
  columns: readonly BulkColumn[],
  rows: readonly Record<string, unknown>[],
  options: { skipConflicts?: boolean } = {},
) {
  const known = getTableColumns(table);
  const names = sql.join(
    columns.map(([field]) => {
      const column = known[field];
      if (!column) throw new Error(`No column ${field} to insert into`);
      return sql.identifier(column.name);
    }),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const slice = rows.slice(start, start + ROWS_PER_STATEMENT);
    const arrays = sql.join(
      columns.map(
        ([field, type]) => sql`${new Param(slice.map((row) => cell(row[field])))}::${sql.raw(type)}[]`,
      ),
      sql`, `,
    );
    const conflicts = options.skipConflicts ? sql` on conflict do nothing` : sql``;
    await tx.execute(sql`insert into ${table} (${names}) select * from unnest(${arrays})${conflicts}`);
  }
}

export function slicesOf<T>(values: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < values.length; start += size) slices.push(values.slice(start, start + size));
  return slices;
}

export const arrayParam = (values: readonly unknown[]) => new Param(values);
