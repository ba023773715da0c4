import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { arrayParam as anyOf, insertByUnnest, slicesOf as sliced } from "../db/bulk-insert";
import type { BulkColumn } from "../db/bulk-insert";
import type { AppDb } from "../db/client";
import {
  devices,
  inventoryBatches,
  inventoryMovements,
  saleAllocations,
  saleItems,
  salePayments,
  sales,
} from "../db/schema";
import { LAGOS_OFFSET_MS } from "../schemas/dates";
import { openAccounts } from "./loan-book";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import type { Allocation, FinancialSettings, ItemPrice } from "./pricing";
import { marginColumns, saleTotals } from "./pricing";
import { paymentStatusAfter, statusAfterPayment } from "./sale-payments";

export type PreparedSale = {
  line: number;
  customerId: string;
  agentId: string | null;
  productId: string;
  units: number;
  paymentMode: "ONE_OFF" | "INSTALLMENT";
  installmentDuration: number;
  installmentStartingPercent: number;
  discountPercent: number;
  paymentMethod: "CASH" | "ONLINE";
  paidKobo: number;
  saleDate: string;
  recipient: { firstname: string; lastname: string; address: string; phone: string; email: string };
  deviceIds: string[];
  /** The item each device counts for (a unit registered without one is given it). */
  deviceItems: Map<string, string>;
  allocations: (Allocation & { inventoryItemId: string })[];
  price: ItemPrice;
};

/** Noon in Lagos on `day`: the moment an imported sale (and its payment) is dated. */
const lagosNoon = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - LAGOS_OFFSET_MS);
const percentToBps = (percent: number) => Math.round(percent * 100);

export const SALE_COLUMNS = [
  ["id", "text"],
  ["customerId", "text"],
  ["agentId", "text"],
  ["status", "text"],
  ["paymentMethod", "text"],
  ["applyMargin", "boolean"],
  ["outrightMarginBps", "integer"],
  ["loanMarginBps", "integer"],
  ["monthlyInterestBps", "integer"],
  ["hasContract", "boolean"],
  ["totalKobo", "bigint"],
  ["dueNowKobo", "bigint"],
  ["totalMonthlyKobo", "bigint"],
  ["installmentMonths", "integer"],
  ["paidKobo", "bigint"],
  ["creatorId", "text"],
  ["uploadId", "text"],
  ["createdAt", "timestamptz"],
  ["updatedAt", "timestamptz"],
] as const satisfies readonly BulkColumn[];
export const ITEM_COLUMNS = [
  ["id", "text"],
  ["saleId", "text"],
  ["productId", "text"],
  ["quantity", "integer"],
  ["paymentMode", "text"],
  ["discountBps", "integer"],
  ["installmentDuration", "integer"],
  ["installmentStartingBps", "integer"],
  ["miscellaneous", "jsonb"],
  ["recipient", "jsonb"],
  ["baseKobo", "bigint"],
  ["discountKobo", "bigint"],
  ["miscellaneousKobo", "bigint"],
  ["interestKobo", "bigint"],
  ["marginKobo", "bigint"],
  ["totalKobo", "bigint"],
  ["initialPaymentKobo", "bigint"],
  ["monthlyPaymentKobo", "bigint"],
] as const satisfies readonly BulkColumn[];
const ALLOCATION_COLUMNS = [
  ["id", "text"],
  ["saleItemId", "text"],
  ["batchId", "text"],
  ["inventoryItemId", "text"],
  ["quantity", "integer"],
  ["unitPriceKobo", "bigint"],
] as const satisfies readonly BulkColumn[];
const MOVEMENT_COLUMNS = [
  ["id", "text"],
  ["kind", "text"],
  ["inventoryItemId", "text"],
  ["batchId", "text"],
  ["fromWarehouseId", "text"],
  ["quantity", "integer"],
  ["actorId", "text"],
  ["reason", "text"],
] as const satisfies readonly BulkColumn[];
export const PAYMENT_COLUMNS = [
  ["id", "text"],
  ["saleId", "text"],
  ["method", "text"],
  ["amountKobo", "bigint"],
  ["status", "text"],
  ["reference", "text"],
  ["notes", "text"],
  ["recordedBy", "text"],
  ["createdAt", "timestamptz"],
] as const satisfies readonly BulkColumn[];

export async function writeSales(
  tx: AppDb,
  actor: StaffActor,
  prepared: PreparedSale[],
  settings: FinancialSettings,
  { uploadId, fileName }: { uploadId: string; fileName: string },
) {
  const saleRows: (typeof sales.$inferInsert)[] = [];
  const itemRows: (typeof saleItems.$inferInsert)[] = [];
  const allocationRows: (typeof saleAllocations.$inferInsert)[] = [];
  const movementRows: (typeof inventoryMovements.$inferInsert)[] = [];
  const paymentRows: (typeof salePayments.$inferInsert)[] = [];
  const deviceLinks: { id: string; saleItemId: string; inventoryId: string | null }[] = [];
  const takenPerBatch = new Map<string, number>();
  const warehouseOf = new Map<string, string>();

  for (const sale of prepared) {
    const saleId = randomUUID();
    const saleItemId = randomUUID();
    const createdAt = lagosNoon(sale.saleDate);
    const totals = saleTotals([sale.price]);
    saleRows.push({
      id: saleId,
      customerId: sale.customerId,
      agentId: sale.agentId,
      paymentMethod: sale.paymentMethod,
      ...marginColumns(settings),
      hasContract: sale.paymentMode === "INSTALLMENT",
      totalKobo: totals.totalKobo,
      dueNowKobo: totals.dueNowKobo,
      totalMonthlyKobo: totals.totalMonthlyKobo,
      installmentMonths: sale.price.installmentDuration,
      paidKobo: sale.paidKobo,
      status: statusAfterPayment(sale.paidKobo, totals.totalKobo),
      creatorId: actor.userId,
      uploadId,
      createdAt,
      updatedAt: createdAt,
    });
    itemRows.push({
      id: saleItemId,
      saleId,
      productId: sale.productId,
      quantity: sale.units,
      paymentMode: sale.paymentMode,
      discountBps: percentToBps(sale.discountPercent),
      installmentDuration: sale.paymentMode === "INSTALLMENT" ? sale.installmentDuration : 0,
      installmentStartingBps:
        sale.paymentMode === "INSTALLMENT" ? percentToBps(sale.installmentStartingPercent) : 0,
      miscellaneous: [],
      recipient: sale.recipient,
      baseKobo: sale.price.baseKobo,
      discountKobo: sale.price.discountKobo,
      miscellaneousKobo: sale.price.miscellaneousKobo,
      interestKobo: sale.price.interestKobo,
      marginKobo: sale.price.marginKobo,
      totalKobo: sale.price.totalKobo,
      initialPaymentKobo: sale.price.initialPaymentKobo,
      monthlyPaymentKobo: sale.price.monthlyPaymentKobo,
    });
    for (const slice of sale.allocations) {
      allocationRows.push({
        id: randomUUID(),
        saleItemId,
        batchId: slice.batchId,
        inventoryItemId: slice.inventoryItemId,
        quantity: slice.quantity,
        unitPriceKobo: slice.unitPriceKobo,
      });
      takenPerBatch.set(slice.batchId, (takenPerBatch.get(slice.batchId) ?? 0) + slice.quantity);
      movementRows.push({
        id: randomUUID(),
        kind: "ALLOCATION",
        inventoryItemId: slice.inventoryItemId,
        batchId: slice.batchId,
        fromWarehouseId: "",
        quantity: slice.quantity,
        actorId: actor.userId,
        reason: `Sale ${saleId} (batch upload)`,
      });
    }
    for (const id of sale.deviceIds)
      deviceLinks.push({ id, saleItemId, inventoryId: sale.deviceItems.get(id) ?? null });
    if (sale.paidKobo > 0) {
      paymentRows.push({
        id: randomUUID(),
        saleId,
        method: sale.paymentMethod,
        amountKobo: sale.paidKobo,
        status: paymentStatusAfter(sale.paidKobo, totals.totalKobo),
        reference: `import-${uploadId.slice(0, 8)}-${sale.line}`,
        notes: `Recorded before the sale was uploaded (${fileName.slice(0, 100)}, row ${sale.line})`,
        recordedBy: actor.userId,
        createdAt,
      });
    }
  }

  const batchIds = [...takenPerBatch.keys()];
  for (const slice of sliced(batchIds)) {
    const updated = await tx
      .update(inventoryBatches)
      .set({
        remainingQuantity: sql`${inventoryBatches.remainingQuantity} - (select taken.quantity from unnest(${anyOf(slice)}::text[], ${anyOf(slice.map((id) => takenPerBatch.get(id) ?? 0))}::integer[]) as taken(id, quantity) where taken.id = ${inventoryBatches.id})`,
      })
      .where(sql`${inventoryBatches.id} = any(${anyOf(slice)}::text[])`)
      .returning({ id: inventoryBatches.id, warehouseId: inventoryBatches.warehouseId });
    for (const row of updated) warehouseOf.set(row.id, row.warehouseId);
  }
  for (const movement of movementRows)
    movement.fromWarehouseId = warehouseOf.get(movement.batchId ?? "") ?? null;

  await insertByUnnest(tx, sales, SALE_COLUMNS, saleRows);
  await insertByUnnest(tx, saleItems, ITEM_COLUMNS, itemRows);
  await insertByUnnest(tx, saleAllocations, ALLOCATION_COLUMNS, allocationRows);
  await insertByUnnest(tx, inventoryMovements, MOVEMENT_COLUMNS, movementRows);
  await insertByUnnest(tx, salePayments, PAYMENT_COLUMNS, paymentRows);
  for (const slice of sliced(deviceLinks)) {
    // The devices were locked when checked: each is still free, so every link lands.
    await tx.execute(sql`
      update ${devices}
      set sale_item_id = link.sale_item_id, inventory_id = coalesce(${devices.inventoryId}, link.inventory_id)
      from unnest(
        ${anyOf(slice.map((link) => link.id))}::text[],
        ${anyOf(slice.map((link) => link.saleItemId))}::text[],
        ${anyOf(slice.map((link) => link.inventoryId))}::text[]
      ) as link(id, sale_item_id, inventory_id)
      where ${devices.id} = link.id and ${devices.saleItemId} is null`);
  }
  await openAccounts(
    tx,
    saleRows.map((row) => row.id ?? ""),
  );
  await recordAudit(tx, actor, {
    action: "batch-upload",
    subject: "Sales",
    recordId: uploadId,
    summary: `Uploaded ${prepared.length} sale${prepared.length === 1 ? "" : "s"} from ${fileName.slice(0, 100)}`,
    changes: { count: prepared.length, file: fileName.slice(0, 200), uploadId },
  });
}
