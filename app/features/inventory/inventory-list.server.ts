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
import { loadList } from "~/utils/lists.server";
import { sectionTab } from "~/utils/navigation";
import { can } from "~/utils/permissions";

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

export async function inventoryListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { title, filter } = sectionTab("inventory", tab);
  const [page, categories] = await Promise.all([
    loadList(request, {
      path: "/v1/inventory",
      query: InventoryListQuerySchema,
      answer: InventoryRowListSchema,
      fixed: filter ?? {},
      failureMessage: listFailure.inventoryOf(title),
    }),
    apiReadOrFailure(request, "/v1/inventory/categories/all", InventoryCategoryListSchema),
  ]);
  return {
    title,
    query: page.query,
    list: page.list,
    categories: categories.ok ? categories.data.map(({ id, name }) => ({ id, name })) : null,
    canCreate: can(user, "write:Inventory"),
  };
}
