import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, moment, updatedAt } from "../columns";
import { users } from "./staff";

export type UploadedRow = { line: number; values: Record<string, string> };
export type UploadProblem = { row: number; column: string; message: string };

export const saleUploads = pgTable(
  "sale_uploads",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    fileName: text("file_name").notNull(),
    rows: jsonb("rows").$type<UploadedRow[]>().notNull(),
    errors: jsonb("errors").$type<UploadProblem[]>().notNull(),
    committedAt: moment("committed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sale_uploads_owner_idx").on(table.ownerId, table.updatedAt)],
);
export type SaleUploadRow = typeof saleUploads.$inferSelect;
