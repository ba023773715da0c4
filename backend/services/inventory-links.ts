import { sql } from "drizzle-orm";
import type { AppDb } from "../db/client";

/**
 * Devices and agents refer to inventory items, whose tables are their own area's. Until that area is part
 * of this build these lookups find no items: an uploaded SKU is reported as unknown and an agent holds no
 * units. Once `inventory_items` (with `id` and `sku`) exists, the SKU and id lookups answer from it.
 */
const ITEMS = sql`"inventory_items"`;

async function inventoryItemsTableExists(db: AppDb): Promise<boolean> {
  const [found] = await db
    .select({ columns: sql<number>`count(*)::int` })
    .from(sql`information_schema.columns`)
    .where(
      sql`table_schema = current_schema() and table_name = 'inventory_items' and column_name in ('id', 'sku')`,
    );
  return found?.columns === 2;
}

/** The ids of the inventory items whose SKU is one of `skus`, keyed by the SKU in lower case. */
export async function findInventoryItemIdsBySku(db: AppDb, skus: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const wanted = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  if (wanted.length === 0 || !(await inventoryItemsTableExists(db))) return found;
  const rows = await db
    .select({ id: sql<string>`"id"`, sku: sql<string>`lower("sku")` })
    .from(ITEMS)
    .where(sql`lower("sku") in ${wanted}`);
  for (const row of rows) found.set(row.sku, row.id);
  return found;
}

/**
 * Which of `ids` are not inventory items. While the inventory tables are not part of this build an id
 * cannot be checked and is kept as given; the foreign key the merge adds then guards it.
 */
export async function unknownInventoryItemIds(db: AppDb, ids: string[]): Promise<string[]> {
  if (ids.length === 0 || !(await inventoryItemsTableExists(db))) return [];
  const rows = await db
    .select({ id: sql<string>`"id"` })
    .from(ITEMS)
    .where(sql`"id" in ${ids}`);
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}
