import { customType, integer, pgTable, text } from "drizzle-orm/pg-core";
import type { FileKind } from "../../schemas/files";
import { createdAt, id } from "../columns";
import { users } from "./staff";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** In the database, not on disk (docs/decisions/013): one place to back up, shared by every process. */
export const files = pgTable("files", {
  id: id(),
  kind: text("kind").$type<FileKind>().notNull(),
  /** The uploader's file name, for the audit trail only; never used to decide anything. */
  name: text("name").notNull(),
  size: integer("size").notNull(),
  bytes: bytea("bytes").notNull(),
  uploadedBy: text("uploaded_by").references(() => users.id),
  createdAt: createdAt(),
});
export type FileRow = typeof files.$inferSelect;
