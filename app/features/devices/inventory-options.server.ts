import { InventoryListSchema, InventoryRecordSchema } from "#backend/schemas/inventory";
import { apiReadOrFailure } from "~/api.server";

/** The most inventory items a select lists at once; its OptionSearch (`?itemSearch=`) narrows them. */
const ITEM_CHOICES = 100;

/**
 * The inventory items a device can be a unit of, as a select's choices (name and SKU), or null when
 * the role may not read inventory (the select is then left out).
 */
export async function inventoryItemOptions(request: Request) {
  const search = new URL(request.url).searchParams.get("itemSearch")?.trim().slice(0, 100);
  const items = await apiReadOrFailure(request, "/v1/inventory", InventoryListSchema, {
    limit: ITEM_CHOICES,
    search,
  });
  if (!items.ok) return null;
  return {
    options: items.data.inventories.map((item) => ({ value: item.id, label: `${item.name} (${item.sku})` })),
    total: items.data.total,
  };
}

/** One inventory item's name and SKU, or null when it cannot be read (unknown, or not for this role). */
export async function inventoryItem(request: Request, id: string) {
  const item = await apiReadOrFailure(
    request,
    `/v1/inventory/${encodeURIComponent(id)}`,
    InventoryRecordSchema,
  );
  return item.ok ? item.data : null;
}
