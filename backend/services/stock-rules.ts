import type { InventoryClass } from "../schemas/inventory";
import type { WarehouseStatus } from "../schemas/warehouses";

/**
 * The stock rules as pure functions. The API answers prices and units from SQL aggregates
 * (services/products.ts); these say what those aggregates must come to, and the tests hold them equal.
 */

export interface LinkedItemStock {
  /** Units of the item in one product unit (≥ 1). */
  quantityPerUnit: number;
  /** The item's batches: selling price in kobo and units left. */
  batches: { price: number; remainingQuantity: number }[];
}

export interface ProductAvailability {
  minimumPrice: number;
  maximumPrice: number;
  availableUnits: number;
}

/**
 * Reference §5.1: per linked item, the cheapest and dearest batch that still has stock, times the
 * quantity per unit (0 when no batch has stock), summed over the items; units available = the fewest
 * whole product units any one item allows, floor(remaining ÷ quantity per unit).
 */
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

/**
 * Why `warehouse` may not receive stock of `itemClass`, or null when it may: only active warehouses
 * receive, and each takes only the classes it lists.
 */
export function warehouseRefusal(warehouse: ReceivingWarehouse, itemClass: InventoryClass): string | null {
  if (warehouse.status !== "active") return `${warehouse.name} is inactive`;
  if (!warehouse.inventoryClasses.includes(itemClass))
    return `${warehouse.name} does not take ${itemClass} inventory`;
  return null;
}

/** Classes a warehouse would stop taking although it still holds stock of them. */
export function classesStillHeld(
  keptClasses: readonly InventoryClass[],
  heldClasses: readonly InventoryClass[],
): InventoryClass[] {
  return heldClasses.filter((held) => !keptClasses.includes(held));
}
