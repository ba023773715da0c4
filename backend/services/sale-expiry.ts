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
import { recordAudit } from "./audit";

/**
 * A sale nobody paid for holds stock and devices that others could sell. After `holdHours` an UNPAID sale
 * is cancelled and gives them back (logged in the inventory log and the audit trail). Runs inside the
 * server process (backend/index.ts); several processes may run it at once: each sale is claimed with
 * SKIP LOCKED, so it is released exactly once.
 */
export async function cancelStaleSales(db: AppDb, holdHours: number, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - holdHours * 3_600_000);
  const cancelled: string[] = [];
  for (;;) {
    const saleId = await db.transaction(async (tx) => {
      const [stale] = await tx
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
        .limit(1)
        .for("update", { skipLocked: true });
      if (!stale) return null;
      await releaseSale(tx, stale.id, `Not paid within ${holdHours} hours`);
      return stale.id;
    });
    if (!saleId) return cancelled;
    cancelled.push(saleId);
  }
}

/** Cancels a sale inside `tx`: its stock back to the batches it came from, its devices unlinked. */
export async function releaseSale(tx: AppDb, saleId: string, reason: string) {
  const allocations = await tx
    .select({
      id: saleAllocations.id,
      batchId: saleAllocations.batchId,
      inventoryItemId: saleAllocations.inventoryItemId,
      quantity: saleAllocations.quantity,
    })
    .from(saleAllocations)
    .innerJoin(saleItems, eq(saleItems.id, saleAllocations.saleItemId))
    .where(and(eq(saleItems.saleId, saleId), isNull(saleAllocations.releasedAt)));
  for (const allocation of allocations) {
    const [batch] = await tx
      .update(inventoryBatches)
      .set({ remainingQuantity: sql`${inventoryBatches.remainingQuantity} + ${allocation.quantity}` })
      .where(eq(inventoryBatches.id, allocation.batchId))
      .returning({ warehouseId: inventoryBatches.warehouseId });
    await tx
      .update(saleAllocations)
      .set({ releasedAt: new Date() })
      .where(eq(saleAllocations.id, allocation.id));
    await tx.insert(inventoryMovements).values({
      kind: "RELEASE",
      inventoryItemId: allocation.inventoryItemId,
      batchId: allocation.batchId,
      toWarehouseId: batch.warehouseId,
      quantity: allocation.quantity,
      actorId: null,
      reason: `Sale ${saleId} cancelled: ${reason}`,
    });
  }
  const itemIds = tx.select({ id: saleItems.id }).from(saleItems).where(eq(saleItems.saleId, saleId));
  await tx.update(devices).set({ saleItemId: null }).where(inArray(devices.saleItemId, itemIds));
  await tx
    .update(sales)
    .set({ status: "CANCELLED", cancelledAt: new Date(), cancelReason: reason })
    .where(eq(sales.id, saleId));
  await recordAudit(
    tx,
    { userId: null, ip: null },
    {
      action: "cancel",
      subject: "Sales",
      recordId: saleId,
      summary: `Cancelled sale ${saleId.slice(0, 8)}: ${reason}; its stock and devices were released`,
    },
  );
}

/** Drafts untouched for DRAFT_LIFETIME_DAYS are deleted. */
export async function deleteExpiredDrafts(db: AppDb, now = new Date()) {
  const cutoff = new Date(now.getTime() - DRAFT_LIFETIME_DAYS * 86_400_000);
  await db.delete(saleDrafts).where(lt(saleDrafts.updatedAt, cutoff));
}
