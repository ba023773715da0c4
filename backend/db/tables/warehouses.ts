import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { INVENTORY_CLASSES } from "../../schemas/inventory";
import type { InventoryClass } from "../../schemas/inventory";
import { WAREHOUSE_STATUSES } from "../../schemas/warehouses";
import type { WarehouseStatus } from "../../schemas/warehouses";
import { createdAt, id, moment, oneOf, updatedAt } from "../columns";
import { files } from "./files";
import { users } from "./staff";

export const warehouses = pgTable(
  "warehouses",
  {
    id: id(),
    name: text("name").notNull(),
    type: text("type"),
    // The classes of stock it takes; batches of other classes are refused (services/stock-rules.ts).
    inventoryClasses: text("inventory_classes").array().$type<InventoryClass[]>().notNull(),
    imageFileId: text("image_file_id").references(() => files.id),
    status: text("status").$type<WarehouseStatus>().notNull().default("active"),
    creatorId: text("creator_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: moment("deleted_at"),
  },
  (table) => [
    uniqueIndex("warehouses_name_live_unique")
      .on(sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} is null`),
    index("warehouses_created_at_idx").on(table.createdAt, table.id),
    check("warehouses_status_check", oneOf(table.status, WAREHOUSE_STATUSES)),
    check(
      "warehouses_classes_check",
      sql`cardinality(${table.inventoryClasses}) > 0 and ${table.inventoryClasses} <@ array[${sql.raw(INVENTORY_CLASSES.map((name) => `'${name}'`).join(", "))}]::text[]`,
    ),
  ],
);
export type WarehouseRow = typeof warehouses.$inferSelect;
export type NewWarehouseRow = typeof warehouses.$inferInsert;
