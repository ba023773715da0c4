import type { LoaderFunctionArgs } from "@remix-run/node";
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
    ...page,
    categories: categories.ok ? categories.data : null,
    canCreate: can(user, "write:Inventory"),
  };
}
