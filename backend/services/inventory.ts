import { and, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { AnyColumn, SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDb } from "../db/client";
import {
  inventoryBatches,
  inventoryCategories,
  inventoryItems,
  inventoryMovements,
  inventorySearchText,
  users,
  warehouses,
} from "../db/schema";
import type { InventoryItemRow } from "../db/schema";
import { pageOf } from "../schemas/list";
import { koboToNaira, koboToNairaText } from "../schemas/money";
import {
  INVENTORY_CLASSES,
  INVENTORY_IMAGE_FIELD,
  INVENTORY_IMAGE_REQUIRED,
  RECENT_MOVEMENTS,
} from "../schemas/inventory";
import type {
  BatchRecord,
  CreateInventoryInput,
  InventoryDetail,
  InventoryList,
  InventoryListQuery,
  InventoryRecord,
  InventoryStats,
  InventoryStatsQuery,
  MovementRecord,
} from "../schemas/inventory";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { isUniqueViolation, notFound } from "./errors";
import { storeFile } from "./files";
import type { Upload } from "./files";
import { containsPattern } from "./search";
import { FieldProblems, checkedImage, imageOf, receiveBatch, receivingWarehouse } from "./stock-common";
import { isTaken, sameText } from "./uniqueness";

export const INVENTORY_NOT_FOUND = "Inventory not found";
export const SKU_TAKEN = "An inventory item with this SKU already exists";
export const INVALID_CATEGORY = "Invalid Inventory Category";
export const INVALID_SUB_CATEGORY = "Invalid Inventory Sub-Category";
export const SUB_CATEGORY_OF_OTHER = "Inventory Sub-Category must belong to the selected Inventory Category";

const subCategories = alias(inventoryCategories, "sub_category");

// float8, because both drivers answer it as a JavaScript number.
export function itemStock(db: AppDb, itemId: AnyColumn | SQL, warehouseId?: string) {
  return db
    .select({
      remaining: sql<number>`coalesce(sum(${inventoryBatches.remainingQuantity}), 0)::float8`.as("remaining"),
      initial: sql<number>`coalesce(sum(${inventoryBatches.numberOfStock}), 0)::float8`.as("initial"),
      minPrice: sql<
        number | null
      >`(min(${inventoryBatches.price}) filter (where ${inventoryBatches.remainingQuantity} > 0))::float8`.as(
        "min_price",
      ),
      maxPrice: sql<
        number | null
      >`(max(${inventoryBatches.price}) filter (where ${inventoryBatches.remainingQuantity} > 0))::float8`.as(
        "max_price",
      ),
      minCost: sql<
        number | null
      >`(min(${inventoryBatches.costOfItem}) filter (where ${inventoryBatches.remainingQuantity} > 0))::float8`.as(
        "min_cost",
      ),
      maxCost: sql<
        number | null
      >`(max(${inventoryBatches.costOfItem}) filter (where ${inventoryBatches.remainingQuantity} > 0))::float8`.as(
        "max_cost",
      ),
    })
    .from(inventoryBatches)
    .where(
      and(
        sql`${inventoryBatches.inventoryItemId} = ${itemId}`,
        warehouseId ? eq(inventoryBatches.warehouseId, warehouseId) : undefined,
      ),
    )
    .as("stock");
}

const inventoryRowColumns = {
  id: inventoryItems.id,
  name: inventoryItems.name,
  manufacturerName: inventoryItems.manufacturerName,
  sku: inventoryItems.sku,
  class: inventoryItems.class,
  imageFileId: inventoryItems.imageFileId,
  dateOfManufacture: inventoryItems.dateOfManufacture,
  categoryId: inventoryItems.categoryId,
  categoryName: inventoryCategories.name,
  subCategoryId: inventoryItems.subCategoryId,
  subCategoryName: subCategories.name,
  createdAt: inventoryItems.createdAt,
  updatedAt: inventoryItems.updatedAt,
};

type InventoryRow = Pick<
  InventoryItemRow,
  | "id"
  | "name"
  | "manufacturerName"
  | "sku"
  | "class"
  | "imageFileId"
  | "dateOfManufacture"
  | "categoryId"
  | "subCategoryId"
  | "createdAt"
  | "updatedAt"
> & {
  categoryName: string;
  subCategoryName: string;
  remaining: number;
  initial: number;
  minPrice: number | null;
  maxPrice: number | null;
};

const nairaOrNull = (kobo: number | null) => (kobo === null ? null : koboToNaira(Number(kobo)));

function toInventoryRecord(row: InventoryRow): InventoryRecord {
  const remaining = Number(row.remaining);
  return {
    id: row.id,
    name: row.name,
    manufacturerName: row.manufacturerName,
    sku: row.sku,
    class: row.class,
    status: remaining > 0 ? "IN_STOCK" : "OUT_OF_STOCK",
    image: imageOf(row.imageFileId),
    dateOfManufacture: row.dateOfManufacture,
    inventoryCategory: { id: row.categoryId, name: row.categoryName },
    inventorySubCategory: { id: row.subCategoryId, name: row.subCategoryName },
    salePrice: {
      minimumInventoryBatchPrice: nairaOrNull(row.minPrice),
      maximumInventoryBatchPrice: nairaOrNull(row.maxPrice),
    },
    totalRemainingQuantities: remaining,
    totalInitialQuantities: Number(row.initial),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const heldIn = (warehouseId: string) =>
  sql`exists (select 1 from ${inventoryBatches} where ${inventoryBatches.inventoryItemId} = ${inventoryItems.id} and ${inventoryBatches.warehouseId} = ${warehouseId})`;

function listConditions(query: InventoryListQuery | InventoryStatsQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.warehouseId) conditions.push(heldIn(query.warehouseId));
  if ("class" in query && query.class) conditions.push(eq(inventoryItems.class, query.class));
  if ("inventoryCategoryId" in query && query.inventoryCategoryId)
    conditions.push(eq(inventoryItems.categoryId, query.inventoryCategoryId));
  if ("inventorySubCategoryId" in query && query.inventorySubCategoryId)
    conditions.push(eq(inventoryItems.subCategoryId, query.inventorySubCategoryId));
  // The very expression of the trigram index (db/tables/inventory.ts), or the index does not apply.
  if ("search" in query && query.search)
    conditions.push(ilike(inventorySearchText(inventoryItems), containsPattern(query.search)));
  return and(...conditions);
}

async function inventoryRows(db: AppDb, ids: string[], warehouseId?: string) {
  if (ids.length === 0) return [];
  const stock = itemStock(db, inventoryItems.id, warehouseId);
  const rows = await db
    .select({
      ...inventoryRowColumns,
      remaining: stock.remaining,
      initial: stock.initial,
      minPrice: stock.minPrice,
      maxPrice: stock.maxPrice,
    })
    .from(inventoryItems)
    .innerJoin(inventoryCategories, eq(inventoryCategories.id, inventoryItems.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, inventoryItems.subCategoryId))
    .innerJoinLateral(stock, sql`true`)
    .where(inArray(inventoryItems.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toInventoryRecord(row)] : [];
  });
}

export function inventoryCountKey(query: InventoryListQuery) {
  return JSON.stringify([
    query.warehouseId ?? null,
    query.class ?? null,
    query.inventoryCategoryId ?? null,
    query.inventorySubCategoryId ?? null,
    query.search ?? null,
  ]);
}

// The total of a list narrowed only by warehouse and class is among the stats the page reads anyway.
export async function inventoryTotalFromStats(
  query: InventoryListQuery,
  stats: (query: InventoryStatsQuery) => Promise<InventoryStats>,
): Promise<number | undefined> {
  if (query.inventoryCategoryId || query.inventorySubCategoryId || query.search) return undefined;
  const counts = await stats({ warehouseId: query.warehouseId });
  if (!query.class) return counts.totalInventoryCount;
  return counts.inventoryClassCounts.find((entry) => entry.inventoryClass === query.class)?.count ?? 0;
}

export async function countInventory(db: AppDb, query: InventoryListQuery) {
  const [{ total }] = await db.select({ total: count() }).from(inventoryItems).where(listConditions(query));
  return total;
}

export async function listInventory(
  db: AppDb,
  query: InventoryListQuery,
  total: () => Promise<number>,
): Promise<InventoryList> {
  const pageIds = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(listConditions(query))
    .orderBy(desc(inventoryItems.createdAt), desc(inventoryItems.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const records = await inventoryRows(
    db,
    pageIds.map((row) => row.id),
    query.warehouseId,
  );
  return pageOf("inventories", records, await total(), query);
}

export async function inventoryStats(db: AppDb, query: InventoryStatsQuery): Promise<InventoryStats> {
  const rows = await db
    .select({ inventoryClass: inventoryItems.class, count: count() })
    .from(inventoryItems)
    .where(listConditions(query))
    .groupBy(inventoryItems.class);
  const byClass = new Map(rows.map((row) => [row.inventoryClass, row.count]));
  return {
    totalInventoryCount: rows.reduce((sum, row) => sum + row.count, 0),
    inventoryClassCounts: INVENTORY_CLASSES.map((inventoryClass) => ({
      inventoryClass,
      count: byClass.get(inventoryClass) ?? 0,
    })),
  };
}

const personName = (first: AnyColumn, last: AnyColumn) => sql<string>`${first} || ' ' || ${last}`;

// numeric: units × kobo may pass what a double holds exactly.
const valueInKobo = sql<string>`(${inventoryBatches.remainingQuantity}::numeric * ${inventoryBatches.price})`;

export async function batchRecords(db: AppDb, where: SQL): Promise<BatchRecord[]> {
  const rows = await db
    .select({
      id: inventoryBatches.id,
      batchNumber: inventoryBatches.batchNumber,
      inventoryId: inventoryBatches.inventoryItemId,
      warehouseId: warehouses.id,
      warehouseName: warehouses.name,
      numberOfStock: inventoryBatches.numberOfStock,
      remainingQuantity: inventoryBatches.remainingQuantity,
      costOfItem: inventoryBatches.costOfItem,
      price: inventoryBatches.price,
      receiverId: users.id,
      receiverName: personName(users.firstname, users.lastname),
      receivedAt: inventoryBatches.receivedAt,
      sourceBatchId: inventoryBatches.sourceBatchId,
      receiverFirstname: users.firstname,
      receiverLastname: users.lastname,
      stockValue: sql<string>`${valueInKobo}::text`,
    })
    .from(inventoryBatches)
    .innerJoin(warehouses, eq(warehouses.id, inventoryBatches.warehouseId))
    .leftJoin(users, eq(users.id, inventoryBatches.receivedBy))
    .where(where)
    .orderBy(desc(inventoryBatches.receivedAt), desc(inventoryBatches.batchNumber));
  return rows.map((row) => ({
    id: row.id,
    batchNumber: row.batchNumber,
    inventoryId: row.inventoryId,
    warehouse: { id: row.warehouseId, name: row.warehouseName },
    numberOfStock: row.numberOfStock,
    remainingQuantity: row.remainingQuantity,
    costOfItem: koboToNaira(row.costOfItem),
    price: koboToNaira(row.price),
    receivedBy: row.receiverId && row.receiverName ? { id: row.receiverId, name: row.receiverName } : null,
    receivedAt: row.receivedAt.toISOString(),
    sourceBatchId: row.sourceBatchId,
    stockValue: koboToNairaText(BigInt(row.stockValue)),
    creatorDetails:
      row.receiverFirstname !== null && row.receiverLastname !== null
        ? { firstname: row.receiverFirstname, lastname: row.receiverLastname }
        : null,
  }));
}

const fromWarehouses = alias(warehouses, "from_warehouse");
const toWarehouses = alias(warehouses, "to_warehouse");

export function movementQuery(db: AppDb) {
  return db
    .select({
      id: inventoryMovements.id,
      kind: inventoryMovements.kind,
      itemId: inventoryItems.id,
      itemName: inventoryItems.name,
      itemSku: inventoryItems.sku,
      batchId: inventoryMovements.batchId,
      batchNumber: inventoryBatches.batchNumber,
      toBatchId: inventoryMovements.toBatchId,
      fromId: fromWarehouses.id,
      fromName: fromWarehouses.name,
      toId: toWarehouses.id,
      toName: toWarehouses.name,
      quantity: inventoryMovements.quantity,
      actorId: users.id,
      actorName: personName(users.firstname, users.lastname),
      reason: inventoryMovements.reason,
      createdAt: inventoryMovements.createdAt,
    })
    .from(inventoryMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.inventoryItemId))
    .innerJoin(inventoryBatches, eq(inventoryBatches.id, inventoryMovements.batchId))
    .leftJoin(fromWarehouses, eq(fromWarehouses.id, inventoryMovements.fromWarehouseId))
    .leftJoin(toWarehouses, eq(toWarehouses.id, inventoryMovements.toWarehouseId))
    .leftJoin(users, eq(users.id, inventoryMovements.actorId))
    .$dynamic();
}

type MovementRow = Awaited<ReturnType<ReturnType<typeof movementQuery>["execute"]>>[number];

const ref = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

export function toMovementRecord(row: MovementRow): MovementRecord {
  return {
    id: row.id,
    kind: row.kind,
    inventory: { id: row.itemId, name: row.itemName, sku: row.itemSku },
    batchId: row.batchId,
    batchNumber: row.batchNumber,
    toBatchId: row.toBatchId,
    fromWarehouse: ref(row.fromId, row.fromName),
    toWarehouse: ref(row.toId, row.toName),
    quantity: row.quantity,
    actor: ref(row.actorId, row.actorName),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getInventory(db: AppDb, id: string): Promise<InventoryDetail> {
  const [record] = await inventoryRows(db, [id]);
  if (!record) throw notFound(INVENTORY_NOT_FOUND);
  const [batches, movements, [value]] = await Promise.all([
    batchRecords(db, eq(inventoryBatches.inventoryItemId, id)),
    movementQuery(db)
      .where(eq(inventoryMovements.inventoryItemId, id))
      .orderBy(desc(inventoryMovements.createdAt), desc(inventoryMovements.id))
      .limit(RECENT_MOVEMENTS),
    db
      .select({ kobo: sql<string>`coalesce(sum(${valueInKobo}), 0)::text` })
      .from(inventoryBatches)
      .where(eq(inventoryBatches.inventoryItemId, id)),
  ]);
  return {
    ...record,
    inventoryValue: koboToNaira(Number(value.kobo)),
    batches,
    movements: movements.map(toMovementRecord),
  };
}

async function checkCategories(
  db: AppDb,
  problems: FieldProblems,
  input: Pick<CreateInventoryInput, "inventoryCategoryId" | "inventorySubCategoryId">,
) {
  const rows = await db
    .select({ id: inventoryCategories.id, parentId: inventoryCategories.parentId })
    .from(inventoryCategories)
    .where(inArray(inventoryCategories.id, [input.inventoryCategoryId, input.inventorySubCategoryId]));
  const category = rows.find((row) => row.id === input.inventoryCategoryId);
  const subCategory = rows.find((row) => row.id === input.inventorySubCategoryId);
  if (!category || category.parentId !== null) problems.add("inventoryCategoryId", INVALID_CATEGORY);
  if (!subCategory || subCategory.parentId === null)
    problems.add("inventorySubCategoryId", INVALID_SUB_CATEGORY);
  else if (category && subCategory.parentId !== category.id)
    problems.add("inventorySubCategoryId", SUB_CATEGORY_OF_OTHER);
}

const skuTaken = (db: AppDb, sku: string) => isTaken(db, inventoryItems, sameText(inventoryItems.sku, sku));

export async function createInventory(
  db: AppDb,
  actor: StaffActor,
  input: CreateInventoryInput,
  image: Upload | undefined,
): Promise<InventoryDetail> {
  const problems = new FieldProblems();
  const picture = await checkedImage(problems, INVENTORY_IMAGE_FIELD, image, INVENTORY_IMAGE_REQUIRED);
  await checkCategories(db, problems, input);
  if (await skuTaken(db, input.sku)) problems.add("sku", SKU_TAKEN);
  problems.throwIfAny();

  const id = await db
    .transaction(async (tx) => {
      const warehouse = await receivingWarehouse(tx, input.warehouseId, input.class);
      if ("problem" in warehouse) return problems.reject("warehouseId", warehouse.problem);
      const imageFileId = picture ? await storeFile(tx, picture.upload, picture.kind, actor.userId) : null;
      const [item] = await tx
        .insert(inventoryItems)
        .values({
          class: input.class,
          categoryId: input.inventoryCategoryId,
          subCategoryId: input.inventorySubCategoryId,
          name: input.name,
          manufacturerName: input.manufacturerName,
          dateOfManufacture: input.dateOfManufacture,
          sku: input.sku,
          imageFileId,
          creatorId: actor.userId,
        })
        .returning({ id: inventoryItems.id });
      await receiveBatch(tx, actor.userId, {
        itemId: item.id,
        warehouseId: warehouse.id,
        numberOfStock: input.numberOfStock,
        costOfItem: input.costOfItem,
        price: input.price,
        reason: "Received with the new item",
      });
      await recordAudit(tx, actor, {
        action: "create",
        subject: "Inventory",
        recordId: item.id,
        summary: `Added inventory ${input.name} (SKU ${input.sku}) with ${input.numberOfStock} units in ${warehouse.name}`,
        changes: {
          class: input.class,
          name: input.name,
          sku: input.sku,
          numberOfStock: input.numberOfStock,
          warehouseId: warehouse.id,
        },
      });
      return item.id;
    })
    .catch(async (error: unknown) => {
      // Another request took the SKU between the check and the insert.
      if (isUniqueViolation(error) && (await skuTaken(db, input.sku)))
        new FieldProblems().reject("sku", SKU_TAKEN);
      throw error;
    });
  return getInventory(db, id);
}

export async function findInventoryItem(db: AppDb, id: string) {
  const [item] = await db
    .select({ id: inventoryItems.id, name: inventoryItems.name, class: inventoryItems.class })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, id))
    .limit(1);
  if (!item) throw notFound(INVENTORY_NOT_FOUND);
  return item;
}
