import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  devices,
  inventoryBatches,
  inventoryItems,
  productCategories,
  productInventories,
  products,
} from "../db/schema";
import type { PaymentMode } from "../schemas/products";
import { tokenSettingsProblem } from "./device-tokens";
import type { StockBatch } from "./pricing";

// Only some inventory items are tracked device by device (batteries, controllers, not bulbs): a sale item
// links `units × quantity per unit` devices of each (spec §4 "Device linking").
export type ProductForSale = {
  id: string;
  name: string;
  categoryName: string;
  imageFileId: string | null;
  paymentModes: PaymentMode[];
  inventories: { inventoryItemId: string; name: string; quantity: number; tracksDevices: boolean }[];
};

export async function loadProductsForSale(
  db: AppDb,
  productIds: string[],
): Promise<Map<string, ProductForSale>> {
  const found = new Map<string, ProductForSale>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      categoryName: productCategories.name,
      imageFileId: products.imageFileId,
      paymentModes: products.paymentModes,
      inventoryItemId: productInventories.inventoryItemId,
      itemName: inventoryItems.name,
      quantity: productInventories.quantity,
      tracksDevices: sql<boolean>`exists (select 1 from ${devices} where ${devices.inventoryId} = ${productInventories.inventoryItemId})`,
    })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .innerJoin(productInventories, eq(productInventories.productId, products.id))
    .innerJoin(inventoryItems, eq(inventoryItems.id, productInventories.inventoryItemId))
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id), asc(inventoryItems.name), asc(inventoryItems.id));
  for (const row of rows) {
    const product = found.get(row.id) ?? {
      id: row.id,
      name: row.name,
      categoryName: row.categoryName,
      imageFileId: row.imageFileId,
      paymentModes: row.paymentModes,
      inventories: [],
    };
    product.inventories.push({
      inventoryItemId: row.inventoryItemId,
      name: row.itemName,
      quantity: row.quantity,
      tracksDevices: Boolean(row.tracksDevices),
    });
    found.set(row.id, product);
  }
  return found;
}

export const MODE_NOT_OFFERED: Record<PaymentMode, string> = {
  ONE_OFF: "Single Deposit is not offered for this product",
  INSTALLMENT: "Installment payments are not offered for this product",
};

// The product's own payment modes are what a sale offers, on screen, in the API and in an upload
// (decision 017). The old app's rule (installment only beside another mode) made instalment-only
// products sellable by single deposit alone.
export function modeOffered(product: Pick<ProductForSale, "paymentModes">, mode: PaymentMode) {
  return product.paymentModes.includes(mode);
}

export function installmentAllowed(product: Pick<ProductForSale, "paymentModes">) {
  return modeOffered(product, "INSTALLMENT");
}

export function deviceRequirements(product: ProductForSale, units: number) {
  return product.inventories
    .filter((inventory) => inventory.tracksDevices)
    .map((inventory) => ({
      inventoryId: inventory.inventoryItemId,
      name: inventory.name,
      required: units * inventory.quantity,
    }));
}

/** What linking a device to a sale checks, its token settings included. */
export const deviceForSaleColumns = {
  id: devices.id,
  serialNumber: devices.serialNumber,
  inventoryId: devices.inventoryId,
  saleItemId: devices.saleItemId,
  faulty: devices.faulty,
  isTokenable: devices.isTokenable,
  key: devices.key,
  startingCode: devices.startingCode,
  timeDivider: devices.timeDivider,
  count: devices.count,
};

export type DeviceForSale = {
  id: string;
  serialNumber: string;
  inventoryId: string | null;
  saleItemId: string | null;
  faulty: boolean;
  isTokenable: boolean;
  key: string;
  startingCode: string | null;
  timeDivider: number | null;
  count: number | null;
};

export async function loadDevices(db: AppDb, ids: string[]): Promise<Map<string, DeviceForSale>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(deviceForSaleColumns)
    .from(devices)
    .where(inArray(devices.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export const AT_LEAST_ONE_DEVICE = "At least one device is required";

/** Every unit sold is a device record (spec 001 §4): a product none of whose items has any cannot be sold. */
export const noDevicesRegistered = (productName: string) =>
  `No devices are registered for the items of ${productName}: add each unit's serial number under Devices → New Device (with its inventory item), then link it here`;

/**
 * The item each chosen device counts for: its own, or, for a unit registered without an item, the first of
 * the product's items still short of units (issue 25: such a device then belongs to that item). A device
 * that fits nowhere is left out.
 */
export function itemOfEachDevice(
  product: ProductForSale,
  units: number,
  chosen: string[],
  known: Map<string, DeviceForSale>,
): Map<string, string> {
  const requirements = deviceRequirements(product, units);
  const items = new Map<string, string>();
  const linked = new Map<string, number>();
  for (const id of chosen) {
    const itemId = known.get(id)?.inventoryId;
    if (!itemId || !requirements.some((requirement) => requirement.inventoryId === itemId)) continue;
    items.set(id, itemId);
    linked.set(itemId, (linked.get(itemId) ?? 0) + 1);
  }
  for (const id of chosen) {
    const device = known.get(id);
    if (!device || device.inventoryId) continue;
    const short = requirements.find(
      (requirement) => (linked.get(requirement.inventoryId) ?? 0) < requirement.required,
    );
    if (!short) continue;
    items.set(id, short.inventoryId);
    linked.set(short.inventoryId, (linked.get(short.inventoryId) ?? 0) + 1);
  }
  return items;
}

/**
 * Units registered without an item that count, in this sale, for items not tracked device by device (a
 * bulb, a cable): a client that links a device per unit of every item (spec 001 §4) can sell the product,
 * up to `units × quantity per unit` of each such item (decision 044). They are not given that item.
 */
function unitsOfUntrackedItems(
  product: ProductForSale,
  units: number,
  chosen: string[],
  known: Map<string, DeviceForSale>,
  itemOf: Map<string, string>,
): Set<string> {
  const rooms = product.inventories
    .filter((inventory) => !inventory.tracksDevices)
    .map((inventory) => units * inventory.quantity);
  const counted = new Set<string>();
  for (const id of chosen) {
    const device = known.get(id);
    if (!device || device.inventoryId || itemOf.has(id)) continue;
    const room = rooms.findIndex((left) => left > 0);
    if (room === -1) break;
    rooms[room] -= 1;
    counted.add(id);
  }
  return counted;
}

export function deviceProblems(
  product: ProductForSale,
  units: number,
  chosen: string[],
  known: Map<string, DeviceForSale>,
): string[] {
  if (chosen.length === 0) return [AT_LEAST_ONE_DEVICE];
  const problems: string[] = [];
  const itemOf = itemOfEachDevice(product, units, chosen, known);
  const untracked = unitsOfUntrackedItems(product, units, chosen, known, itemOf);
  const linkedPerItem = new Map<string, number>();
  for (const id of chosen) {
    const device = known.get(id);
    if (!device) {
      problems.push("A chosen device does not exist");
      continue;
    }
    const itemId = itemOf.get(id);
    if (!itemId && !untracked.has(id)) {
      problems.push(
        device.inventoryId
          ? `Device ${device.serialNumber} is not a unit of ${product.name}`
          : `Device ${device.serialNumber} is one too many: ${units} × ${product.name} is ${unitsInAll(product, units)} item units in all`,
      );
      continue;
    }
    if (device.saleItemId) problems.push(`Device ${device.serialNumber} is already linked to a sale`);
    if (device.faulty) problems.push(`Device ${device.serialNumber} is marked faulty`);
    const tokenProblem = device.isTokenable ? tokenSettingsProblem(device) : null;
    if (tokenProblem) {
      problems.push(`Device ${device.serialNumber} cannot make tokens: ${lowerFirst(tokenProblem)}`);
    }
    if (itemId) linkedPerItem.set(itemId, (linkedPerItem.get(itemId) ?? 0) + 1);
  }
  for (const requirement of deviceRequirements(product, units)) {
    const linked = linkedPerItem.get(requirement.inventoryId) ?? 0;
    if (linked !== requirement.required) {
      problems.push(
        `Link ${requirement.required} device${requirement.required === 1 ? "" : "s"} of ${requirement.name} (${linked} linked)`,
      );
    }
  }
  return problems;
}

const unitsInAll = (product: ProductForSale, units: number) =>
  product.inventories.reduce((sum, inventory) => sum + units * inventory.quantity, 0);

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function availableDevicesCondition(inventoryIds: string[]) {
  return and(
    inArray(devices.inventoryId, inventoryIds),
    isNull(devices.saleItemId),
    eq(devices.faulty, false),
  );
}

export type WarehouseBatch = StockBatch & { warehouseId: string };

export const inventoryIdsOf = (products: Iterable<ProductForSale>) => [
  ...new Set([...products].flatMap((product) => product.inventories.map((item) => item.inventoryItemId))),
];

// Locked always in one order (item, then age), so two sales or a batch upload never wait in a circle.
export async function stockBatchesOf(
  db: AppDb,
  itemIds: string[],
  { lock }: { lock: boolean },
): Promise<Map<string, WarehouseBatch[]>> {
  const batchesOf = new Map<string, WarehouseBatch[]>();
  if (itemIds.length === 0) return batchesOf;
  const query = db
    .select({
      id: inventoryBatches.id,
      inventoryItemId: inventoryBatches.inventoryItemId,
      warehouseId: inventoryBatches.warehouseId,
      remaining: inventoryBatches.remainingQuantity,
      price: inventoryBatches.price,
      cost: inventoryBatches.costOfItem,
    })
    .from(inventoryBatches)
    .where(and(inArray(inventoryBatches.inventoryItemId, itemIds), gt(inventoryBatches.remainingQuantity, 0)))
    .orderBy(
      asc(inventoryBatches.inventoryItemId),
      asc(inventoryBatches.receivedAt),
      asc(inventoryBatches.batchNumber),
    );
  for (const row of lock ? await query.for("update") : await query) {
    const list = batchesOf.get(row.inventoryItemId) ?? [];
    list.push({
      batchId: row.id,
      remaining: row.remaining,
      priceKobo: row.price,
      costKobo: row.cost,
      warehouseId: row.warehouseId,
    });
    batchesOf.set(row.inventoryItemId, list);
  }
  return batchesOf;
}
