import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { text, timestamp } from "drizzle-orm/pg-core";

// Ids are opaque text (UUIDs made in code), so a malformed id in a URL is simply "not found", never a cast error.
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => randomUUID());
export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => moment("created_at").notNull().defaultNow();
export const updatedAt = () =>
  moment("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export function oneOf(column: AnyPgColumn, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}
