import type { LoaderFunctionArgs } from "@remix-run/node";
import type { InventoryRecord } from "#backend/schemas/inventory";
import {
  InventoryCategoryListSchema,
  InventoryListQuerySchema,
  InventoryListSchema,
} from "#backend/schemas/inventory";
import { apiReadOrFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { loadList } from "~/utils/lists.server";
import { sectionTab } from "~/utils/navigation";
import { can } from "~/utils/permissions";

export type InventoryRow = Pick<
  InventoryRecord,
  "id" | "name" | "image" | "sku" | "class" | "inventoryCategory" | "salePrice" | "totalRemainingQuantities"
>;

const rowOf = (item: InventoryRecord): InventoryRow => ({
  id: item.id,
  name: item.name,
  image: item.image,
  sku: item.sku,
  class: item.class,
  inventoryCategory: item.inventoryCategory,
  salePrice: item.salePrice,
  totalRemainingQuantities: item.totalRemainingQuantities,
});

/** One tab of the inventory list (its class), within the URL's warehouse, search and category. */
export async function inventoryListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { title, filter } = sectionTab("inventory", tab);
  const [page, categories] = await Promise.all([
    loadList(request, {
      path: "/v1/inventory",
      query: InventoryListQuerySchema,
      answer: InventoryListSchema,
      fixed: filter ?? {},
      failureMessage: `Failed to fetch inventory list for "${title}".`,
    }),
    apiReadOrFailure(request, "/v1/inventory/categories/all", InventoryCategoryListSchema),
  ]);
  return {
    title,
    query: page.query,
    // Only what the rows show: every byte here is also sent for hydration.
    list: { ...page.list, inventories: page.list.inventories.map(rowOf) },
    categories: categories.ok ? categories.data.map(({ id, name }) => ({ id, name })) : null,
    canCreate: can(user, "write:Inventory"),
  };
}
