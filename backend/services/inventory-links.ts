import { inArray, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { inventoryItems } from "../db/schema";

export async function findInventoryItemIdsBySku(db: AppDb, skus: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const wanted = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  if (wanted.length === 0) return found;
  // The very expression of the unique index (lower(sku)), so each look-up is an index probe.
  const rows = await db
    .select({ id: inventoryItems.id, sku: sql<string>`lower(${inventoryItems.sku})` })
    .from(inventoryItems)
    .where(inArray(sql`lower(${inventoryItems.sku})`, wanted));
  for (const row of rows) found.set(row.sku, row.id);
  return found;
}

export async function unknownInventoryItemIds(db: AppDb, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, ids));
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}
