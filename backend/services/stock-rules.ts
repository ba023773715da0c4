import type { InventoryClass } from "../schemas/inventory";
import type { WarehouseStatus } from "../schemas/warehouses";

// Pure statements of what the SQL aggregates (services/products.ts) must come to; the tests hold them equal.

export interface LinkedItemStock {
  quantityPerUnit: number;
  batches: { price: number; remainingQuantity: number }[];
}

export interface ProductAvailability {
  minimumPrice: number;
  maximumPrice: number;
  availableUnits: number;
}

// Reference §5.1: per item, the cheapest and dearest batch with stock times its quantity per unit, summed;
// units available are the fewest whole product units any one item allows.
export function productAvailability(items: LinkedItemStock[]): ProductAvailability {
  if (items.length === 0) return { minimumPrice: 0, maximumPrice: 0, availableUnits: 0 };
  let minimumPrice = 0;
  let maximumPrice = 0;
  let availableUnits = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const prices = item.batches.filter((batch) => batch.remainingQuantity > 0).map((batch) => batch.price);
    if (prices.length > 0) {
      minimumPrice += Math.min(...prices) * item.quantityPerUnit;
      maximumPrice += Math.max(...prices) * item.quantityPerUnit;
    }
    const remaining = item.batches.reduce((sum, batch) => sum + batch.remainingQuantity, 0);
    availableUnits = Math.min(availableUnits, Math.floor(remaining / item.quantityPerUnit));
  }
  return { minimumPrice, maximumPrice, availableUnits };
}

export interface ReceivingWarehouse {
  name: string;
  status: WarehouseStatus;
  inventoryClasses: readonly InventoryClass[];
}

/** Only active warehouses receive, and each takes only the classes it lists. */
export function warehouseRefusal(warehouse: ReceivingWarehouse, itemClass: InventoryClass): string | null {
  if (warehouse.status !== "active") return `${warehouse.name} is inactive`;
  if (!warehouse.inventoryClasses.includes(itemClass))
    return `${warehouse.name} does not take ${itemClass} inventory`;
  return null;
}

export function classesStillHeld(
  keptClasses: readonly InventoryClass[],
  heldClasses: readonly InventoryClass[],
): InventoryClass[] {
  return heldClasses.filter((held) => !keptClasses.includes(held));
}
