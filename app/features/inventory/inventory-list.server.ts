import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import {
  InventoryCategoryListSchema,
  InventoryListQuerySchema,
  InventoryRecordSchema,
} from "#backend/schemas/inventory";
import { listSchema } from "#backend/schemas/list";
import { apiReadOrFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { listFailure } from "~/utils/list-messages";
import { loadListPage } from "~/utils/lists.server";
import { sectionTab } from "~/utils/navigation";

const InventoryRowSchema = InventoryRecordSchema.pick({
  id: true,
  name: true,
  image: true,
  sku: true,
  class: true,
  inventoryCategory: true,
  salePrice: true,
  totalRemainingQuantities: true,
});
export type InventoryRow = z.infer<typeof InventoryRowSchema>;
const InventoryRowListSchema = listSchema("inventories", InventoryRowSchema);

// The stat cards show the section's stats (inventory-section.server.ts), read once for tabs and cards.
export async function inventoryListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { title } = sectionTab("inventory", tab);
  const [list, categories] = await Promise.all([
    loadListPage(request, user, {
      section: "inventory",
      tab,
      list: {
        path: "/v1/inventory",
        query: InventoryListQuerySchema,
        answer: InventoryRowListSchema,
        failureMessage: listFailure.inventoryOf(title),
      },
      can: { create: "write:Inventory" },
    }),
    apiReadOrFailure(request, "/v1/inventory/categories/all", InventoryCategoryListSchema),
  ]);
  return {
    ...list,
    categories: categories.ok ? categories.data.map(({ id, name }) => ({ id, name })) : null,
  };
}
