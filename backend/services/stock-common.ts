import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { inventoryBatches, inventoryMovements, warehouses } from "../db/schema";
import { fileHref } from "../schemas/files";
import type { FileKind } from "../schemas/files";
import type { InventoryClass, RestockInput } from "../schemas/inventory";
import { formatNaira } from "../constants/money";
import { koboToNaira } from "../schemas/money";
import { ServiceError, invalid, invalidField } from "./errors";
import { checkImage } from "./files";
import type { Upload } from "./files";
import { warehouseRefusal } from "./stock-rules";

export const INVALID_WAREHOUSE = "Invalid Warehouse";

export const imageOf = (fileId: string | null) => (fileId ? fileHref(fileId) : null);

/** Answered together, so a form shows them all at once. */
export class FieldProblems {
  private readonly byField = new Map<string, string[]>();

  add(field: string, message: string) {
    this.byField.set(field, [...(this.byField.get(field) ?? []), message]);
  }

  has(field: string) {
    return this.byField.has(field);
  }

  absorb(error: unknown) {
    if (!(error instanceof ServiceError) || !error.fieldErrors) throw error;
    for (const [field, messages] of Object.entries(error.fieldErrors))
      for (const message of messages) this.add(field, message);
  }

  throwIfAny() {
    if (this.byField.size === 0) return;
    const fieldErrors = Object.fromEntries(this.byField);
    throw invalid(Object.values(fieldErrors)[0][0], fieldErrors);
  }

  reject(field: string, message: string): never {
    this.add(field, message);
    this.throwIfAny();
    throw new Error("unreachable: a problem was just added");
  }
}

export async function checkedImage(
  problems: FieldProblems,
  field: string,
  upload: Upload | undefined,
  required?: string,
): Promise<{ upload: Upload; kind: FileKind } | null> {
  if (!upload) {
    if (required) problems.add(field, required);
    return null;
  }
  try {
    return { upload, kind: await checkImage(field, upload) };
  } catch (error) {
    problems.absorb(error);
    return null;
  }
}

export const isLiveWarehouse = isNull(warehouses.deletedAt);

const warehouseColumns = {
  id: warehouses.id,
  name: warehouses.name,
  status: warehouses.status,
  inventoryClasses: warehouses.inventoryClasses,
};

// Read with a share lock inside a transaction, so the warehouse cannot be deactivated (which locks it for
// update) until the stock is in.
export async function receivingWarehouse(
  tx: AppDb,
  warehouseId: string | undefined,
  itemClass: InventoryClass,
): Promise<{ id: string; name: string } | { problem: string }> {
  if (warehouseId) {
    const [warehouse] = await tx
      .select(warehouseColumns)
      .from(warehouses)
      .where(and(eq(warehouses.id, warehouseId), isLiveWarehouse))
      .for("share");
    if (!warehouse) return { problem: INVALID_WAREHOUSE };
    const refusal = warehouseRefusal(warehouse, itemClass);
    return refusal ? { problem: refusal } : warehouse;
  }
  const [first] = await tx
    .select(warehouseColumns)
    .from(warehouses)
    .where(
      and(
        isLiveWarehouse,
        eq(warehouses.status, "active"),
        sql`${itemClass} = any(${warehouses.inventoryClasses})`,
      ),
    )
    .orderBy(asc(warehouses.createdAt), asc(warehouses.id))
    .limit(1)
    .for("share");
  return first ?? { problem: `No active warehouse takes ${itemClass} inventory` };
}

export async function receiveBatch(
  tx: AppDb,
  actorId: string,
  receipt: Pick<RestockInput, "numberOfStock" | "costOfItem" | "price"> & {
    itemId: string;
    warehouseId: string;
    reason: string;
  },
) {
  // Sold at its batch price (a batch upload, a sale without margins), such a batch would lose money on
  // every unit: refused here, where every batch comes in.
  if (receipt.price < receipt.costOfItem) {
    throw invalidField(
      "price",
      `Sale price cannot be below the cost of item (${formatNaira(koboToNaira(receipt.costOfItem))})`,
    );
  }
  const [batch] = await tx
    .insert(inventoryBatches)
    .values({
      inventoryItemId: receipt.itemId,
      warehouseId: receipt.warehouseId,
      numberOfStock: receipt.numberOfStock,
      remainingQuantity: receipt.numberOfStock,
      costOfItem: receipt.costOfItem,
      price: receipt.price,
      receivedBy: actorId,
    })
    .returning({ id: inventoryBatches.id, batchNumber: inventoryBatches.batchNumber });
  await tx.insert(inventoryMovements).values({
    kind: "RECEIPT",
    inventoryItemId: receipt.itemId,
    batchId: batch.id,
    toWarehouseId: receipt.warehouseId,
    quantity: receipt.numberOfStock,
    actorId,
    reason: receipt.reason,
  });
  return batch;
}
