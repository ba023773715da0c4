import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { PAYMENT_MODES, PRODUCT_CATEGORY_TYPES } from "../../schemas/products";
import type { PaymentMode, ProductCategoryType } from "../../schemas/products";
import { createdAt, id, oneOf, updatedAt } from "../columns";
import { files } from "./files";
import { inventoryItems } from "./inventory";
import { users } from "./staff";

export const productCategories = pgTable(
  "product_categories",
  {
    id: id(),
    name: text("name").notNull(),
    type: text("type").$type<ProductCategoryType>().notNull().default("PRODUCT"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("product_categories_name_unique").on(sql`lower(${table.name})`),
    check("product_categories_type_check", oneOf(table.type, PRODUCT_CATEGORY_TYPES)),
  ],
);
export type ProductCategoryRow = typeof productCategories.$inferSelect;

export const products = pgTable(
  "products",
  {
    id: id(),
    categoryId: text("category_id")
      .notNull()
      .references(() => productCategories.id),
    name: text("name").notNull(),
    imageFileId: text("image_file_id").references(() => files.id),
    paymentModes: text("payment_modes").array().$type<PaymentMode[]>().notNull(),
    creatorId: text("creator_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("products_created_at_idx").on(table.createdAt, table.id),
    index("products_category_created_at_idx").on(table.categoryId, table.createdAt, table.id),
    index("products_name_trgm_idx").using("gin", sql`${table.name} gin_trgm_ops`),
    check(
      "products_payment_modes_check",
      sql`cardinality(${table.paymentModes}) > 0 and ${table.paymentModes} <@ array[${sql.raw(PAYMENT_MODES.map((mode) => `'${mode}'`).join(", "))}]::text[]`,
    ),
  ],
);
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

export const productInventories = pgTable(
  "product_inventories",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    inventoryItemId: text("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.inventoryItemId] }),
    index("product_inventories_item_idx").on(table.inventoryItemId),
    check("product_inventories_quantity_check", sql`${table.quantity} >= 1`),
  ],
);
export type ProductInventoryRow = typeof productInventories.$inferSelect;
