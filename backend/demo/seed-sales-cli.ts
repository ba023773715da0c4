import { randomUUID } from "node:crypto";
import { asc, count, ne } from "drizzle-orm";
import { loadBackendConfig } from "../config";
import { seededRandom } from "./loan-book";
import { seedBook } from "./seed-book";
import { INVENTORY_CLASSES } from "../schemas/inventory";
import { DEFAULT_FINANCIAL_SETTINGS } from "../services/pricing";
import type { AppDb } from "../db/client";
import { migrateDatabase, openDatabase } from "../db/client";
import {
  customers,
  devices,
  inventoryBatches,
  inventoryCategories,
  inventoryItems,
  productCategories,
  productInventories,
  products,
  saleItems,
  sales,
  warehouses,
} from "../db/schema";
import type { NewDeviceRow, NewInventoryBatchRow } from "../db/schema";

// `tsx backend/demo/seed-sales-cli.ts [N] [ACCOUNTS]`: synthetic sales, products and devices, and a loan book of
// ACCOUNTS installment accounts with their payments, for the benchmarks, in
// the configured database (not while a server has the same PGlite directory open). Its last line of
// output is JSON naming them for the benchmark script.
const ROWS_PER_INSERT = 1_000; // sale_items has 21 columns: 21,000 parameters, below PostgreSQL's 65,535
const UNIT_BATCHES = 600; // batches of one unit for each of the three timing products
const UPLOAD_UNITS = 12_000;
const UPLOAD_EMAILS = 10_000;

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await write(rows.slice(start, start + ROWS_PER_INSERT));
}

async function makeTrackedProduct(
  db: AppDb,
  place: { warehouseId: string; categoryId: string; subCategoryId: string; productCategoryId: string },
  {
    name,
    prefix,
    batches,
    deviceCount,
  }: { name: string; prefix: string; batches: { stock: number; priceKobo: number }[]; deviceCount: number },
) {
  const itemId = randomUUID();
  await db.insert(inventoryItems).values({
    id: itemId,
    class: "REGULAR",
    categoryId: place.categoryId,
    subCategoryId: place.subCategoryId,
    name: `${name} Battery`,
    manufacturerName: "Bench Power",
    dateOfManufacture: "2025-01-15",
    sku: `${prefix}-${Date.now().toString(36)}`.toUpperCase(),
  });
  const now = Date.now();
  const batchRows: NewInventoryBatchRow[] = batches.map((batch, index) => ({
    inventoryItemId: itemId,
    warehouseId: place.warehouseId,
    numberOfStock: batch.stock,
    remainingQuantity: batch.stock,
    costOfItem: Math.round(batch.priceKobo * 0.8),
    price: batch.priceKobo,
    // Oldest first, a minute apart, so FIFO walks them in order.
    receivedAt: new Date(now - (batches.length - index) * 60_000),
  }));
  await inChunks(batchRows, (chunk) => db.insert(inventoryBatches).values(chunk));
  const deviceRows: NewDeviceRow[] = Array.from({ length: deviceCount }, (_, index) => ({
    serialNumber: `${prefix}${String(index + 1).padStart(7, "0")}`,
    key: randomUUID().replace(/-/g, ""),
    startingCode: String(100_000_000 + index),
    count: 1,
    timeDivider: 1,
    restrictedDigitMode: false,
    hardwareModel: "Bench Controller",
    firmwareVersion: "1.0.0",
    isTokenable: true,
    inventoryId: itemId,
  }));
  await inChunks(deviceRows, (chunk) => db.insert(devices).values(chunk));
  const [product] = await db
    .insert(products)
    .values({ categoryId: place.productCategoryId, name, paymentModes: ["ONE_OFF", "INSTALLMENT"] })
    .returning({ id: products.id });
  await db.insert(productInventories).values({ productId: product.id, inventoryItemId: itemId, quantity: 1 });
  return { productId: product.id, itemId, name };
}

async function main() {
  const wanted = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(wanted) || wanted < 0) throw new Error(`Not a row count: ${process.argv[2]}`);
  // A loan book of this many installment accounts, with their payments (seed-book.ts); the sales above
  // are then all paid outright, so the book is exactly these accounts.
  const bookSize = Number(process.argv[3] ?? 0);
  if (!Number.isInteger(bookSize) || bookSize < 0)
    throw new Error(`Not an account count: ${process.argv[3]}`);
  const config = loadBackendConfig();
  const database = await openDatabase(config);
  const started = performance.now();
  const random = seededRandom(2026);
  try {
    const { db } = database;
    await migrateDatabase(db, database.kind);
    const [{ existing }] = await db.select({ existing: count() }).from(sales);
    const run = `${existing}`;

    let customerRows = await db
      .select({
        id: customers.id,
        email: customers.email,
        firstname: customers.firstname,
        lastname: customers.lastname,
        phone: customers.phone,
        location: customers.location,
      })
      .from(customers)
      // A barred customer is sold nothing: neither by the seeded sales nor by the benchmark's upload.
      .where(ne(customers.status, "barred"))
      .orderBy(asc(customers.id))
      .limit(UPLOAD_EMAILS);
    if (customerRows.length === 0) {
      customerRows = await db
        .insert(customers)
        .values(
          Array.from({ length: 1_000 }, (_, index) => ({
            firstname: "Bench",
            lastname: `Buyer ${index}`,
            email: `bench-buyer-${run}-${index}@example.test`,
            phone: `0709${String(index).padStart(7, "0")}`,
            location: "Ikeja",
          })),
        )
        .returning({
          id: customers.id,
          email: customers.email,
          firstname: customers.firstname,
          lastname: customers.lastname,
          phone: customers.phone,
          location: customers.location,
        });
    }

    const [warehouse] = await db
      .insert(warehouses)
      .values({
        name: `Bench Sales Warehouse ${run}`,
        type: "Bench",
        inventoryClasses: [...INVENTORY_CLASSES],
      })
      .returning({ id: warehouses.id });
    const [category] = await db
      .insert(inventoryCategories)
      .values({ name: `Bench Sales Category ${run}` })
      .returning({ id: inventoryCategories.id });
    const [subCategory] = await db
      .insert(inventoryCategories)
      .values({ name: "Batteries", parentId: category.id })
      .returning({ id: inventoryCategories.id });
    const [productCategory] = await db
      .insert(productCategories)
      .values({ name: `Bench Sales Kits ${run}` })
      .returning({ id: productCategories.id });
    const place = {
      warehouseId: warehouse.id,
      categoryId: category.id,
      subCategoryId: subCategory.id,
      productCategoryId: productCategory.id,
    };

    const timed = [];
    for (const letter of ["A", "B", "C"]) {
      timed.push(
        await makeTrackedProduct(db, place, {
          name: `Bench Timing Kit ${letter} ${run}`,
          prefix: `BT${letter}${run}-`,
          batches: Array.from({ length: UNIT_BATCHES }, (_, index) => ({
            stock: 1,
            priceKobo: 5_000_000 + index * 1_000,
          })),
          deviceCount: UNIT_BATCHES,
        }),
      );
    }
    const upload = await makeTrackedProduct(db, place, {
      name: `Bench Upload Kit ${run}`,
      prefix: `BUP${run}-`,
      batches: Array.from({ length: 48 }, (_, index) => ({
        stock: UPLOAD_UNITS / 48,
        priceKobo: 8_000_000 + index * 10_000,
      })),
      deviceCount: UPLOAD_UNITS,
    });

    const now = Date.now();
    const productIds = [...timed.map((product) => product.productId), upload.productId];
    for (let done = 0; done < wanted; done += ROWS_PER_INSERT * 10) {
      const size = Math.min(ROWS_PER_INSERT * 10, wanted - done);
      const saleRows: (typeof sales.$inferInsert)[] = [];
      const itemRows: (typeof saleItems.$inferInsert)[] = [];
      for (let index = 0; index < size; index += 1) {
        const customer = customerRows[Math.floor(random() * customerRows.length)];
        const instalment = bookSize === 0 && random() < 0.6;
        const units = 1 + Math.floor(random() * 3);
        const baseKobo = units * (5_000_000 + Math.floor(random() * 100) * 100_000);
        const months = instalment ? 6 + Math.floor(random() * 7) : 0;
        const interestKobo = instalment ? Math.round(baseKobo * 0.04 * months) : 0;
        const totalKobo = baseKobo + interestKobo;
        const depositKobo = instalment ? Math.round(totalKobo * 0.2) : totalKobo;
        const monthlyKobo = instalment ? Math.round((totalKobo - depositKobo) / months) : 0;
        const roll = random();
        const status =
          roll < 0.25 ? "UNPAID" : roll < 0.65 ? "IN_INSTALLMENT" : roll < 0.93 ? "COMPLETED" : "CANCELLED";
        const paidKobo =
          status === "COMPLETED"
            ? totalKobo
            : status === "IN_INSTALLMENT"
              ? Math.min(totalKobo - 1, depositKobo + monthlyKobo * Math.floor(random() * months))
              : 0;
        // The hold cancels unpaid sales after a day, so only the last day's sales are still UNPAID.
        const age = status === "UNPAID" ? random() * 20 * 3_600_000 : random() * 730 * 86_400_000;
        const createdAt = new Date(now - Math.floor(age));
        const saleId = randomUUID();
        saleRows.push({
          id: saleId,
          customerId: customer.id,
          status,
          paymentMethod: random() < 0.5 ? "CASH" : "ONLINE",
          applyMargin: false,
          ...DEFAULT_FINANCIAL_SETTINGS,
          hasContract: instalment,
          totalKobo,
          dueNowKobo: depositKobo,
          totalMonthlyKobo: monthlyKobo,
          installmentMonths: months,
          paidKobo,
          createdAt,
          updatedAt: createdAt,
          ...(status === "CANCELLED"
            ? { cancelledAt: createdAt, cancelReason: "Not paid within 24 hours" }
            : {}),
        });
        itemRows.push({
          saleId,
          productId: productIds[Math.floor(random() * productIds.length)],
          quantity: units,
          paymentMode: instalment ? "INSTALLMENT" : "ONE_OFF",
          discountBps: 0,
          installmentDuration: months,
          installmentStartingBps: instalment ? 2_000 : 0,
          miscellaneous: [],
          recipient: {
            firstname: customer.firstname,
            lastname: customer.lastname,
            address: customer.location,
            phone: customer.phone,
            email: customer.email,
          },
          baseKobo,
          discountKobo: 0,
          miscellaneousKobo: 0,
          interestKobo,
          marginKobo: 0,
          totalKobo,
          initialPaymentKobo: depositKobo,
          monthlyPaymentKobo: monthlyKobo,
        });
      }
      await db.transaction(async (tx) => {
        await inChunks(saleRows, (chunk) => tx.insert(sales).values(chunk));
        await inChunks(itemRows, (chunk) => tx.insert(saleItems).values(chunk));
      });
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.error(`Seeded ${wanted} sales and the bench sale catalogue in ${seconds} s`);
    const book = bookSize ? await seedBook(db, bookSize, (line) => console.error(line)) : null;
    process.stdout.write(
      `${JSON.stringify({
        timedProducts: timed,
        uploadProduct: { ...upload, serialPrefix: `BUP${run}-`, units: UPLOAD_UNITS },
        customerEmails: customerRows.map((customer) => customer.email),
        book,
      })}\n`,
    );
  } finally {
    await database.close();
  }
}

await main();
