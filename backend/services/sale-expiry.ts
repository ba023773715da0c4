import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  devices,
  inventoryBatches,
  inventoryMovements,
  saleAllocations,
  saleDrafts,
  saleItems,
  sales,
} from "../db/schema";
import { DRAFT_LIFETIME_DAYS } from "../schemas/sale-drafts";
import { arrayParam, insertByUnnest } from "../db/bulk-insert";
import type { BulkColumn } from "../db/bulk-insert";
import { saleNumberText } from "../constants/record-numbers";
import { recordAudits } from "./audit";

const MOVEMENT_COLUMNS = [
  ["id", "text"],
  ["kind", "text"],
  ["inventoryItemId", "text"],
  ["batchId", "text"],
  ["toWarehouseId", "text"],
  ["quantity", "integer"],
  ["reason", "text"],
] as const satisfies readonly BulkColumn[];

/** How many stale sales one transaction cancels: few enough that pages wait at most a moment for it. */
const SALES_PER_ROUND = 100;

// An unpaid sale holds stock and devices others could sell; after `holdHours` it is cancelled. Several
// processes may run this at once: each sale is claimed with SKIP LOCKED, so it is released exactly once.
export async function cancelStaleSales(
  db: AppDb,
  holdHours: number,
  now = new Date(),
  perRound = SALES_PER_ROUND,
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - holdHours * 3_600_000);
  const reason = `Not paid within ${holdHours} hours`;
  const cancelled: string[] = [];
  for (;;) {
    const round = await db.transaction(async (tx) => {
      const stale = await tx
        .select({ id: sales.id })
        .from(sales)
        .where(
          and(
            eq(sales.status, "UNPAID"),
            eq(sales.paidKobo, 0),
            lt(sales.createdAt, cutoff),
            // A sale brought in by a batch upload happened elsewhere: it holds nothing to give back.
            isNull(sales.uploadId),
          ),
        )
        .orderBy(sales.createdAt)
        .limit(perRound)
        .for("update", { skipLocked: true });
      const saleIds = stale.map((sale) => sale.id);
      if (saleIds.length > 0) await releaseSales(tx, saleIds, reason);
      return saleIds;
    });
    cancelled.push(...round);
    if (round.length < perRound) return cancelled;
    // Lets the requests that queued behind this round reach the database before the next one.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function releaseSales(tx: AppDb, saleIds: readonly string[], reason: string) {
  const ids = sql`any(${arrayParam(saleIds)}::text[])`;
  const numbered = await tx
    .select({ id: sales.id, number: sales.number })
    .from(sales)
    .where(sql`${sales.id} = ${ids}`);
  const numberOf = new Map(numbered.map((sale) => [sale.id, saleNumberText(sale.number)]));
  const allocations = await tx
    .select({
      id: saleAllocations.id,
      saleId: saleItems.saleId,
      batchId: saleAllocations.batchId,
      inventoryItemId: saleAllocations.inventoryItemId,
      quantity: saleAllocations.quantity,
    })
    .from(saleAllocations)
    .innerJoin(saleItems, eq(saleItems.id, saleAllocations.saleItemId))
    .where(and(sql`${saleItems.saleId} = ${ids}`, isNull(saleAllocations.releasedAt)));
  if (allocations.length > 0) {
    const unitsByBatch = new Map<string, number>();
    for (const { batchId, quantity } of allocations)
      unitsByBatch.set(batchId, (unitsByBatch.get(batchId) ?? 0) + quantity);
    const batchIds = [...unitsByBatch.keys()];
    await tx.execute(sql`
      update ${inventoryBatches}
      set ${sql.identifier(inventoryBatches.remainingQuantity.name)} =
        ${inventoryBatches.remainingQuantity} + back.units
      from unnest(${arrayParam(batchIds)}::text[], ${arrayParam([...unitsByBatch.values()])}::integer[])
        as back(batch_id, units)
      where ${inventoryBatches.id} = back.batch_id`);
    const batches = await tx
      .select({ id: inventoryBatches.id, warehouseId: inventoryBatches.warehouseId })
      .from(inventoryBatches)
      .where(inArray(inventoryBatches.id, batchIds));
    const warehouseOf = new Map(batches.map((batch) => [batch.id, batch.warehouseId]));
    await tx
      .update(saleAllocations)
      .set({ releasedAt: new Date() })
      .where(
        sql`${saleAllocations.id} = any(${arrayParam(allocations.map((allocation) => allocation.id))}::text[])`,
      );
    await insertByUnnest(
      tx,
      inventoryMovements,
      MOVEMENT_COLUMNS,
      allocations.map((allocation) => ({
        id: crypto.randomUUID(),
        kind: "RELEASE",
        inventoryItemId: allocation.inventoryItemId,
        batchId: allocation.batchId,
        toWarehouseId: warehouseOf.get(allocation.batchId) ?? null,
        quantity: allocation.quantity,
        reason: `Sale ${numberOf.get(allocation.saleId) ?? allocation.saleId} cancelled: ${reason}`,
      })),
    );
  }
  const itemIds = tx
    .select({ id: saleItems.id })
    .from(saleItems)
    .where(sql`${saleItems.saleId} = ${ids}`);
  await tx.update(devices).set({ saleItemId: null }).where(inArray(devices.saleItemId, itemIds));
  await tx
    .update(sales)
    .set({ status: "CANCELLED", cancelledAt: new Date(), cancelReason: reason })
    .where(sql`${sales.id} = ${ids}`);
  await recordAudits(
    tx,
    { userId: null, ip: null },
    saleIds.map((saleId) => ({
      action: "cancel",
      subject: "Sales",
      recordId: saleId,
      summary: `Cancelled sale ${numberOf.get(saleId) ?? saleId}: ${reason}; its stock and devices were released`,
    })),
  );
}

export async function deleteExpiredDrafts(db: AppDb, now = new Date()) {
  const cutoff = new Date(now.getTime() - DRAFT_LIFETIME_DAYS * 86_400_000);
  const deleted = await db
    .delete(saleDrafts)
    .where(lt(saleDrafts.updatedAt, cutoff))
    .returning({ id: saleDrafts.id });
  return deleted.length;
}
