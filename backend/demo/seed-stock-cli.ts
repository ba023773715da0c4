import { randomUUID } from "node:crypto";
import { count, sql } from "drizzle-orm";
import { loadBackendConfig } from "../config";
import type { InventoryClass } from "../schemas/inventory";
import { INVENTORY_CLASSES } from "../schemas/inventory";
import type { PaymentMode } from "../schemas/products";
import { DEMO_PRODUCT_CATEGORIES } from "../schemas/products";
import type { AppDb } from "../db/client";
import { migrateDatabase, openDatabase } from "../db/client";
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
import type {
  NewInventoryBatchRow,
  NewInventoryItemRow,
  NewInventoryMovementRow,
  NewProductRow,
} from "../db/schema";

// `npm run db:seed-stock -- [products] [items] [batches]`: synthetic stock for the benchmarks, in the
// configured database (not while a server has the same PGlite directory open).
const ROWS_PER_INSERT = 1_000; // at most 10 parameters a row: far below PostgreSQL's 65,535 per statement
const WAREHOUSES = 10;

const THINGS = [
  "Panel",
  "Battery",
  "Inverter",
  "Bulb",
  "Floodlight",
  "Controller",
  "Cable",
  "Fan",
  "Radio",
  "Lantern",
];
const MAKERS = ["Jinko", "Felicity", "Growatt", "Philips", "Victron", "Luminous", "Sonik", "Nigerchin"];
const KITS = [
  "Home Kit",
  "Shop Kit",
  "Lantern Pack",
  "Street Light",
  "Rooftop System",
  "Clinic Kit",
  "School Kit",
];

/** Reproducible pseudo-random numbers (mulberry32), so every run seeds the same shape of data. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function argument(index: number, fallback: number, name: string) {
  const value = Number(process.argv[index] ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`Not a count of ${name}: ${process.argv[index]}`);
  return value;
}

async function insertAll<Row>(db: AppDb, rows: Row[], insert: (tx: AppDb, chunk: Row[]) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    for (let offset = 0; offset < rows.length; offset += ROWS_PER_INSERT)
      await insert(tx, rows.slice(offset, offset + ROWS_PER_INSERT));
  });
}

async function main() {
  const wantedProducts = argument(2, 10_000, "products");
  const wantedItems = argument(3, 20_000, "inventory items");
  const wantedBatches = argument(4, 100_000, "batches");
  const config = loadBackendConfig();
  const database = await openDatabase(config);
  const { db } = database;
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const random = seededRandom(20_260_601);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  try {
    await migrateDatabase(db, database.kind);
    // Numbering continues after what is there, so a second run adds rather than collides.
    const [{ existing }] = await db.select({ existing: count() }).from(inventoryItems);
    const run = `${existing}`;

    const warehouseIds = (
      await db
        .insert(warehouses)
        .values(
          Array.from({ length: WAREHOUSES }, (_, index) => ({
            name: `Bench Warehouse ${run}-${index + 1}`,
            type: "Bench",
            inventoryClasses: [...INVENTORY_CLASSES],
          })),
        )
        .returning({ id: warehouses.id })
    ).map((row) => row.id);

    const categories: { id: string; subIds: string[] }[] = [];
    for (let index = 0; index < 10; index += 1) {
      const [parent] = await db
        .insert(inventoryCategories)
        .values({ name: `Bench Category ${run}-${index + 1}` })
        .returning({ id: inventoryCategories.id });
      const subs = await db
        .insert(inventoryCategories)
        .values(Array.from({ length: 5 }, (_, sub) => ({ name: `Sub ${sub + 1}`, parentId: parent.id })))
        .returning({ id: inventoryCategories.id });
      categories.push({ id: parent.id, subIds: subs.map((row) => row.id) });
    }

    const now = Date.now();
    const items: NewInventoryItemRow[] = Array.from({ length: wantedItems }, (_, index) => {
      const number = existing + index;
      const category = categories[number % categories.length];
      const roll = random();
      const itemClass: InventoryClass = roll < 0.8 ? "REGULAR" : roll < 0.92 ? "RETURNED" : "REFURBISHED";
      const createdAt = new Date(now - (wantedItems - index) * 3_000_000);
      return {
        id: randomUUID(),
        class: itemClass,
        categoryId: category.id,
        subCategoryId: category.subIds[number % category.subIds.length],
        name: `${pick(MAKERS)} ${pick(THINGS)} ${number}`,
        manufacturerName: pick(MAKERS),
        dateOfManufacture: new Date(now - Math.floor(random() * 900) * 86_400_000).toISOString().slice(0, 10),
        sku: `BENCH-${number}`,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await insertAll(db, items, (tx, chunk) => tx.insert(inventoryItems).values(chunk));
    console.info(`${items.length} inventory items (${seconds()} s)`);

    const batches: NewInventoryBatchRow[] = [];
    const receipts: NewInventoryMovementRow[] = [];
    for (let index = 0; index < wantedBatches; index += 1) {
      const item = items[index % items.length];
      const round = Math.floor(index / items.length);
      const warehouseId = warehouseIds[(index + round * 3) % warehouseIds.length];
      const stock = 5 + Math.floor(random() * 200);
      const price = (1_000 + Math.floor(random() * 500_000)) * 100;
      const receivedAt = new Date((item.createdAt as Date).getTime() + round * 86_400_000);
      const id = randomUUID();
      batches.push({
        id,
        inventoryItemId: item.id as string,
        warehouseId,
        numberOfStock: stock,
        remainingQuantity: random() < 0.2 ? 0 : Math.floor(random() * stock) + 1,
        costOfItem: Math.round(price * 0.75),
        price,
        receivedAt,
      });
      receipts.push({
        kind: "RECEIPT",
        inventoryItemId: item.id as string,
        batchId: id,
        toWarehouseId: warehouseId,
        quantity: stock,
        reason: "Bench stock",
        createdAt: receivedAt,
      });
    }
    await insertAll(db, batches, (tx, chunk) => tx.insert(inventoryBatches).values(chunk));
    await insertAll(db, receipts, (tx, chunk) => tx.insert(inventoryMovements).values(chunk));
    console.info(`${batches.length} batches and their receipts (${seconds()} s)`);

    await db
      .insert(productCategories)
      .values(DEMO_PRODUCT_CATEGORIES.map((name) => ({ name })))
      .onConflictDoNothing();
    const productCategoryIds = (await db.select({ id: productCategories.id }).from(productCategories)).map(
      (row) => row.id,
    );
    const productRows: NewProductRow[] = [];
    const links: { productId: string; inventoryItemId: string; quantity: number }[] = [];
    for (let index = 0; index < wantedProducts; index += 1) {
      const id = randomUUID();
      const createdAt = new Date(now - (wantedProducts - index) * 6_000_000);
      const modes: PaymentMode[] =
        random() < 0.5 ? ["ONE_OFF", "INSTALLMENT"] : [pick(["ONE_OFF", "INSTALLMENT"])];
      productRows.push({
        id,
        categoryId: productCategoryIds[index % productCategoryIds.length],
        name: `${pick(KITS)} ${existing + index}`,
        paymentModes: modes,
        createdAt,
        updatedAt: createdAt,
      });
      const picked = new Set<string>();
      const size = 2 + Math.floor(random() * 3);
      while (picked.size < size) picked.add(items[Math.floor(random() * items.length)].id as string);
      for (const inventoryItemId of picked)
        links.push({ productId: id, inventoryItemId, quantity: 1 + Math.floor(random() * 4) });
    }
    await insertAll(db, productRows, (tx, chunk) => tx.insert(products).values(chunk));
    await insertAll(db, links, (tx, chunk) => tx.insert(productInventories).values(chunk));
    console.info(`${productRows.length} products of ${links.length} item links (${seconds()} s)`);

    // Fresh planner statistics and visibility map, so the lists' plans are those of a table this size.
    for (const table of [
      "inventory_items",
      "inventory_batches",
      "inventory_movements",
      "products",
      "product_inventories",
      "warehouses",
    ])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    console.info(`Seeded stock in ${seconds()} s; warehouses: ${warehouseIds.join(", ")}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
