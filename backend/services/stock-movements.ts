import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { inventoryBatches, inventoryItems, inventoryMovements, warehouses } from "../db/schema";
import { pageOf } from "../schemas/list";
import type {
  BatchRecord,
  CreateInventoryBatchInput,
  InventoryBatchCreated,
  MovementList,
  MovementListQuery,
  RestockInput,
  TransferInput,
  TransferResult,
} from "../schemas/inventory";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { batchRecords, findInventoryItem, movementQuery, toMovementRecord } from "./inventory";
import { invalidField } from "./errors";
import { unknownInventoryItemIds } from "./inventory-links";
import { containsPattern } from "./search";
import {
  FieldProblems,
  INVALID_WAREHOUSE,
  isLiveWarehouse,
  receiveBatch,
  receivingWarehouse,
} from "./stock-common";
import { warehouseRefusal } from "./stock-rules";

export const INVALID_BATCH = "Invalid Batch";
export const SAME_WAREHOUSE = "Choose a warehouse other than the one holding this batch";

export const notEnoughInBatch = (remaining: number) =>
  remaining === 0
    ? "This batch has no units left"
    : `Only ${remaining.toLocaleString("en-NG")} unit${remaining === 1 ? "" : "s"} remain in this batch`;

export async function restockInventory(
  db: AppDb,
  actor: StaffActor,
  itemId: string,
  input: RestockInput,
): Promise<BatchRecord> {
  const item = await findInventoryItem(db, itemId);
  const batchId = await db.transaction(async (tx) => {
    const warehouse = await receivingWarehouse(tx, input.warehouseId, item.class);
    if ("problem" in warehouse) return new FieldProblems().reject("warehouseId", warehouse.problem);
    const batch = await receiveBatch(tx, actor.userId, {
      itemId: item.id,
      warehouseId: warehouse.id,
      numberOfStock: input.numberOfStock,
      costOfItem: input.costOfItem,
      price: input.price,
      reason: input.reason || "Restock",
    });
    await recordAudit(tx, actor, {
      action: "restock",
      subject: "Inventory",
      recordId: item.id,
      summary: `Restocked ${item.name} with ${input.numberOfStock} units in ${warehouse.name} (batch ${batch.batchNumber})`,
      changes: {
        batchId: batch.id,
        numberOfStock: input.numberOfStock,
        costOfItem: input.costOfItem,
        price: input.price,
        warehouseId: warehouse.id,
      },
    });
    return batch.id;
  });
  const [record] = await batchRecords(db, eq(inventoryBatches.id, batchId));
  return record;
}

export const INVENTORY_CREATED = "Inventory created successfully";
export const INVALID_INVENTORY_ID = "Invalid inventoryId";

/** A restock with the item named in the body (the reference contract's route): an unknown item is a field error. */
export async function createInventoryBatch(
  db: AppDb,
  actor: StaffActor,
  { inventoryId, ...input }: CreateInventoryBatchInput,
): Promise<InventoryBatchCreated> {
  if ((await unknownInventoryItemIds(db, [inventoryId])).length > 0) {
    throw invalidField("inventoryId", INVALID_INVENTORY_ID);
  }
  return { message: INVENTORY_CREATED, batch: await restockInventory(db, actor, inventoryId, input) };
}

// A split: the batch keeps fewer units and a new batch holds the moved ones; the batch is locked so two
// transfers cannot both take its last units.
export async function transferStock(
  db: AppDb,
  actor: StaffActor,
  input: TransferInput,
): Promise<TransferResult> {
  const { fromBatchId, toBatchId, movementId } = await db.transaction(async (tx) => {
    const problems = new FieldProblems();
    const [batch] = await tx
      .select()
      .from(inventoryBatches)
      .where(eq(inventoryBatches.id, input.batchId))
      .for("update");
    if (!batch) return problems.reject("batchId", INVALID_BATCH);
    const item = await findInventoryItem(tx, batch.inventoryItemId);
    const [target] = await tx
      .select({
        id: warehouses.id,
        name: warehouses.name,
        status: warehouses.status,
        inventoryClasses: warehouses.inventoryClasses,
      })
      .from(warehouses)
      .where(and(eq(warehouses.id, input.toWarehouseId), isLiveWarehouse))
      .for("share");
    if (!target) problems.add("toWarehouseId", INVALID_WAREHOUSE);
    else if (target.id === batch.warehouseId) problems.add("toWarehouseId", SAME_WAREHOUSE);
    else {
      const refusal = warehouseRefusal(target, item.class);
      if (refusal) problems.add("toWarehouseId", refusal);
    }
    if (input.quantity > batch.remainingQuantity)
      problems.add("quantity", notEnoughInBatch(batch.remainingQuantity));
    problems.throwIfAny();
    if (!target) throw new Error("unreachable: a missing warehouse is a problem above");

    const [source] = await tx
      .select({ name: warehouses.name })
      .from(warehouses)
      .where(eq(warehouses.id, batch.warehouseId));
    await tx
      .update(inventoryBatches)
      .set({ remainingQuantity: sql`${inventoryBatches.remainingQuantity} - ${input.quantity}` })
      .where(eq(inventoryBatches.id, batch.id));
    const [moved] = await tx
      .insert(inventoryBatches)
      .values({
        inventoryItemId: batch.inventoryItemId,
        warehouseId: target.id,
        numberOfStock: input.quantity,
        remainingQuantity: input.quantity,
        costOfItem: batch.costOfItem,
        price: batch.price,
        sourceBatchId: batch.id,
        receivedBy: actor.userId,
      })
      .returning({ id: inventoryBatches.id });
    const [movement] = await tx
      .insert(inventoryMovements)
      .values({
        kind: "TRANSFER",
        inventoryItemId: batch.inventoryItemId,
        batchId: batch.id,
        toBatchId: moved.id,
        fromWarehouseId: batch.warehouseId,
        toWarehouseId: target.id,
        quantity: input.quantity,
        actorId: actor.userId,
        reason: input.reason || null,
      })
      .returning({ id: inventoryMovements.id });
    await recordAudit(tx, actor, {
      action: "transfer",
      subject: "Inventory",
      recordId: batch.inventoryItemId,
      summary: `Moved ${input.quantity} units of ${item.name} from ${source.name} to ${target.name}`,
      changes: {
        batchId: batch.id,
        toBatchId: moved.id,
        quantity: input.quantity,
        fromWarehouseId: batch.warehouseId,
        toWarehouseId: target.id,
      },
    });
    return { fromBatchId: batch.id, toBatchId: moved.id, movementId: movement.id };
  });

  const [[fromBatch], [toBatch], [movement]] = await Promise.all([
    batchRecords(db, eq(inventoryBatches.id, fromBatchId)),
    batchRecords(db, eq(inventoryBatches.id, toBatchId)),
    movementQuery(db).where(eq(inventoryMovements.id, movementId)),
  ]);
  return { fromBatch, toBatch, movement: toMovementRecord(movement) };
}

function movementConditions(query: MovementListQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.warehouseId)
    conditions.push(
      or(
        eq(inventoryMovements.fromWarehouseId, query.warehouseId),
        eq(inventoryMovements.toWarehouseId, query.warehouseId),
      ),
    );
  if (query.inventoryId) conditions.push(eq(inventoryMovements.inventoryItemId, query.inventoryId));
  if (query.kind) conditions.push(eq(inventoryMovements.kind, query.kind));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(inventoryItems.name, pattern), ilike(inventoryItems.sku, pattern)));
  }
  return and(...conditions);
}

export function movementCountKey(query: MovementListQuery) {
  return JSON.stringify([
    query.warehouseId ?? null,
    query.inventoryId ?? null,
    query.kind ?? null,
    query.search ?? null,
  ]);
}

export async function countMovements(db: AppDb, query: MovementListQuery) {
  const counted = db.select({ total: count() }).from(inventoryMovements).$dynamic();
  // Only a search needs the items' names: joining them for every count would double its cost.
  if (query.search)
    counted.innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.inventoryItemId));
  const [{ total }] = await counted.where(movementConditions(query));
  return total;
}

export async function listMovements(
  db: AppDb,
  query: MovementListQuery,
  total: () => Promise<number>,
): Promise<MovementList> {
  const rows = await movementQuery(db)
    .where(movementConditions(query))
    .orderBy(desc(inventoryMovements.createdAt), desc(inventoryMovements.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageOf("movements", rows.map(toMovementRecord), await total(), query);
}
