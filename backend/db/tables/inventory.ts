import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { INVENTORY_CLASSES, MOVEMENT_KINDS } from "../../schemas/inventory";
import type { InventoryClass, MovementKind } from "../../schemas/inventory";
import { createdAt, id, moment, oneOf, updatedAt } from "../columns";
import { files } from "./files";
import { users } from "./staff";
import { warehouses } from "./warehouses";

export const inventoryCategories = pgTable(
  "inventory_categories",
  {
    id: id(),
    name: text("name").notNull(),
    parentId: text("parent_id").references((): AnyPgColumn => inventoryCategories.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Names are unique among siblings: top-level categories among themselves, sub-categories per parent.
    uniqueIndex("inventory_categories_sibling_name_unique").on(
      sql`coalesce(${table.parentId}, '')`,
      sql`lower(${table.name})`,
    ),
    index("inventory_categories_parent_idx").on(table.parentId),
  ],
);
export type InventoryCategoryRow = typeof inventoryCategories.$inferSelect;

type SearchColumns = Record<"name" | "manufacturerName" | "sku", AnyPgColumn>;

/** What the inventory search looks in, as one string for one trigram index (as customers, decision 007). */
export function inventorySearchText(table: SearchColumns) {
  return sql`${table.name} || ' | ' || ${table.manufacturerName} || ' | ' || ${table.sku}`;
}

export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: id(),
    class: text("class").$type<InventoryClass>().notNull(),
    categoryId: text("category_id")
      .notNull()
      .references(() => inventoryCategories.id),
    subCategoryId: text("sub_category_id")
      .notNull()
      .references(() => inventoryCategories.id),
    name: text("name").notNull(),
    manufacturerName: text("manufacturer_name").notNull(),
    dateOfManufacture: date("date_of_manufacture", { mode: "string" }).notNull(),
    sku: text("sku").notNull(),
    imageFileId: text("image_file_id").references(() => files.id),
    creatorId: text("creator_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("inventory_items_sku_unique").on(sql`lower(${table.sku})`),
    // Newest first, whole list and per class tab (read backwards, as customers_created_at_idx).
    index("inventory_items_created_at_idx").on(table.createdAt, table.id),
    index("inventory_items_class_created_at_idx").on(table.class, table.createdAt, table.id),
    index("inventory_items_category_idx").on(table.categoryId, table.createdAt),
    index("inventory_items_sub_category_idx").on(table.subCategoryId, table.createdAt),
    index("inventory_items_search_trgm_idx").using("gin", sql`(${inventorySearchText(table)}) gin_trgm_ops`),
    check("inventory_items_class_check", oneOf(table.class, INVENTORY_CLASSES)),
  ],
);
export type InventoryItemRow = typeof inventoryItems.$inferSelect;
export type NewInventoryItemRow = typeof inventoryItems.$inferInsert;

/** Only `remaining_quantity` ever changes, and only through a movement. */
export const inventoryBatches = pgTable(
  "inventory_batches",
  {
    id: id(),
    // A short number people can read out ("batch 1043"), unique across all items.
    batchNumber: integer("batch_number").generatedAlwaysAsIdentity().notNull(),
    inventoryItemId: text("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    warehouseId: text("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    numberOfStock: integer("number_of_stock").notNull(),
    remainingQuantity: integer("remaining_quantity").notNull(),
    costOfItem: bigint("cost_of_item", { mode: "number" }).notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    sourceBatchId: text("source_batch_id").references((): AnyPgColumn => inventoryBatches.id),
    receivedBy: text("received_by").references(() => users.id),
    receivedAt: moment("received_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("inventory_batches_batch_number_unique").on(table.batchNumber),
    // Per-item totals and price ranges (lists, products) aggregate an item's few batches through this.
    index("inventory_batches_item_idx").on(table.inventoryItemId, table.warehouseId),
    index("inventory_batches_warehouse_idx").on(
      table.warehouseId,
      table.inventoryItemId,
      table.remainingQuantity,
    ),
    check("inventory_batches_stock_check", sql`${table.numberOfStock} > 0`),
    check(
      "inventory_batches_remaining_check",
      sql`${table.remainingQuantity} >= 0 and ${table.remainingQuantity} <= ${table.numberOfStock}`,
    ),
    check("inventory_batches_money_check", sql`${table.costOfItem} > 0 and ${table.price} > 0`),
  ],
);
export type InventoryBatchRow = typeof inventoryBatches.$inferSelect;
export type NewInventoryBatchRow = typeof inventoryBatches.$inferInsert;

export const inventoryMovements = pgTable(
  "inventory_movements",
  {
    id: id(),
    kind: text("kind").$type<MovementKind>().notNull(),
    inventoryItemId: text("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    batchId: text("batch_id")
      .notNull()
      .references(() => inventoryBatches.id),
    toBatchId: text("to_batch_id").references(() => inventoryBatches.id),
    fromWarehouseId: text("from_warehouse_id").references(() => warehouses.id),
    toWarehouseId: text("to_warehouse_id").references(() => warehouses.id),
    quantity: integer("quantity").notNull(),
    actorId: text("actor_id").references(() => users.id),
    reason: text("reason"),
    // clock_timestamp, not now(): rows written in one transaction keep their order.
    createdAt: moment("created_at")
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index("inventory_movements_created_at_idx").on(table.createdAt, table.id),
    index("inventory_movements_item_idx").on(table.inventoryItemId, table.createdAt),
    index("inventory_movements_from_idx").on(table.fromWarehouseId, table.createdAt),
    index("inventory_movements_to_idx").on(table.toWarehouseId, table.createdAt),
    check("inventory_movements_kind_check", oneOf(table.kind, MOVEMENT_KINDS)),
    check("inventory_movements_quantity_check", sql`${table.quantity} > 0`),
  ],
);
export type InventoryMovementRow = typeof inventoryMovements.$inferSelect;
export type NewInventoryMovementRow = typeof inventoryMovements.$inferInsert;
