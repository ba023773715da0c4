import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "./client";

// `execute` answers each driver's own result type; the rows are parsed, so a column's type (bigint sums come
// back as text from PostgreSQL) is settled in one place.
export async function queryRows<Row extends z.ZodTypeAny>(
  db: AppDb,
  query: SQL,
  row: Row,
): Promise<z.infer<Row>[]> {
  const result = await db.execute(query);
  return z.object({ rows: z.array(row) }).parse(result).rows;
}
