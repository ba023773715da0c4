import type { InventoryClass } from "#backend/constants/inventory";
import type { InventoryStats } from "#backend/schemas/inventory";
import { INVENTORY_CLASSES } from "#backend/constants/inventory";

export const CLASS_LABELS: Record<InventoryClass, string> = {
  REGULAR: "Regular",
  RETURNED: "Returned",
  REFURBISHED: "Refurbished",
};

export const CLASS_OPTIONS = INVENTORY_CLASSES.map((value) => ({ value, label: CLASS_LABELS[value] }));

export function classTabCounts(stats: InventoryStats): Record<string, number> {
  const counts: Record<string, number> = { all: stats.totalInventoryCount };
  for (const { inventoryClass, count } of stats.inventoryClassCounts)
    counts[inventoryClass.toLowerCase()] = count;
  return counts;
}
