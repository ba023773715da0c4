import { randomBytes } from "node:crypto";
import type { AppDb } from "../db/client";
import {
  inventoryBatches,
  inventoryCategories,
  inventoryItems,
  inventoryMovements,
  productCategories,
  productInventories,
  products,
  warehouses,
} from "../db/schema";
import type { InventoryBatchRow, InventoryItemRow, NewWarehouseRow, WarehouseRow } from "../db/schema";
import { INVENTORY_CLASSES } from "../schemas/inventory";
import type { InventoryClass } from "../schemas/inventory";
import type { PaymentMode } from "../schemas/products";
import type { TestBackend } from "./test-backend";

/** Stock records made directly in the database, and multipart requests, for the stock API tests. */

const unique = () => randomBytes(4).toString("hex");

/** A 1×1 PNG's first bytes: enough for its kind to be read. */
export const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);
export const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
/** A Windows executable's header. */
export const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0, 0x04, 0, 0, 0, 0xff, 0xff, 0, 0]);

export interface FormFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart request through the app, as a browser form with file inputs sends it. */
export async function sendForm(
  backend: TestBackend,
  method: string,
  path: string,
  {
    token,
    fields = {},
    files = {},
  }: { token?: string; fields?: Record<string, string | string[]>; files?: Record<string, FormFile> },
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const each of Array.isArray(value) ? value : [value]) form.append(name, each);
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" }), file.name);
  const headers = new Headers();
  if (token) headers.set("authorization", `Bearer ${token}`);
  return backend.app.fetch(new Request(`http://backend.test${path}`, { method, headers, body: form }));
}

export async function makeWarehouse(db: AppDb, fields: Partial<NewWarehouseRow> = {}): Promise<WarehouseRow> {
  const [row] = await db
    .insert(warehouses)
    .values({ name: `Warehouse ${unique()}`, inventoryClasses: [...INVENTORY_CLASSES], ...fields })
    .returning();
  return row;
}

/** A category with one sub-category. */
export async function makeCategoryPair(db: AppDb) {
  const [category] = await db
    .insert(inventoryCategories)
    .values({ name: `Category ${unique()}` })
    .returning();
  const [subCategory] = await db
    .insert(inventoryCategories)
    .values({ name: `Sub ${unique()}`, parentId: category.id })
    .returning();
  return { category, subCategory };
}

export interface BatchSpec {
  warehouseId: string;
  /** Naira. */
  price: number;
  stock: number;
  /** Defaults to the whole stock. */
  remaining?: number;
  /** Naira; defaults to 80 % of the price. */
  cost?: number;
}

/** An item with the batches given (kobo from naira) and their receipts. */
export async function makeItem(
  db: AppDb,
  {
    batches = [],
    itemClass = "REGULAR",
    name,
    createdAt,
  }: { batches?: BatchSpec[]; itemClass?: InventoryClass; name?: string; createdAt?: Date } = {},
): Promise<InventoryItemRow & { batches: InventoryBatchRow[] }> {
  const { category, subCategory } = await makeCategoryPair(db);
  const tag = unique();
  const [item] = await db
    .insert(inventoryItems)
    .values({
      class: itemClass,
      categoryId: category.id,
      subCategoryId: subCategory.id,
      name: name ?? `Item ${tag}`,
      manufacturerName: "Test Manufacturing",
      dateOfManufacture: "2025-01-15",
      sku: `SKU-${tag}`,
      ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
    })
    .returning();
  const rows: InventoryBatchRow[] = [];
  for (const batch of batches) {
    const [row] = await db
      .insert(inventoryBatches)
      .values({
        inventoryItemId: item.id,
        warehouseId: batch.warehouseId,
        numberOfStock: batch.stock,
        remainingQuantity: batch.remaining ?? batch.stock,
        costOfItem: Math.round((batch.cost ?? batch.price * 0.8) * 100),
        price: Math.round(batch.price * 100),
      })
      .returning();
    await db.insert(inventoryMovements).values({
      kind: "RECEIPT",
      inventoryItemId: item.id,
      batchId: row.id,
      toWarehouseId: batch.warehouseId,
      quantity: batch.stock,
    });
    rows.push(row);
  }
  return { ...item, batches: rows };
}

export async function makeProductCategory(db: AppDb, name = `Category ${unique()}`) {
  const [row] = await db.insert(productCategories).values({ name }).returning();
  return row;
}

export async function makeProduct(
  db: AppDb,
  {
    categoryId,
    items,
    name = `Product ${unique()}`,
    paymentModes = ["ONE_OFF"],
    createdAt,
  }: {
    categoryId?: string;
    items: { itemId: string; quantity: number }[];
    name?: string;
    paymentModes?: PaymentMode[];
    createdAt?: Date;
  },
) {
  const [product] = await db
    .insert(products)
    .values({
      categoryId: categoryId ?? (await makeProductCategory(db)).id,
      name,
      paymentModes,
      ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
    })
    .returning();
  await db
    .insert(productInventories)
    .values(
      items.map((item) => ({ productId: product.id, inventoryItemId: item.itemId, quantity: item.quantity })),
    );
  return product;
}
