import { InventoryListSchema, InventoryRecordSchema } from "#backend/schemas/inventory";
import { apiReadOrFailure } from "~/api.server";
import { searchableOptions } from "~/utils/option-search.server";

/** Null when the role may not read inventory: the select is then left out. */
export function inventoryItemOptions(request: Request) {
  return searchableOptions(request, {
    path: "/v1/inventory",
    answer: InventoryListSchema,
    searchParam: "itemSearch",
    choices: ({ inventories }) =>
      inventories.map((item) => ({ value: item.id, label: `${item.name} (${item.sku})` })),
  });
}

export async function inventoryItem(request: Request, id: string) {
  const item = await apiReadOrFailure(
    request,
    `/v1/inventory/${encodeURIComponent(id)}`,
    InventoryRecordSchema,
  );
  return item.ok ? item.data : null;
}
