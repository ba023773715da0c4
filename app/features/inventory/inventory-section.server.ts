import type { LoaderFunctionArgs } from "@remix-run/node";
import { InventoryStatsQuerySchema } from "#backend/schemas/inventory";
import { readListQuery } from "#backend/schemas/list";
import { WarehouseRecordSchema } from "#backend/schemas/warehouses";
import { apiReadOrFailure } from "~/api.server";
import { sectionLoader } from "~/components/frame/section.server";

// `?warehouseId=` filters the whole section: tab counts, stat cards, lists and the banner.
export async function inventorySectionLoader(args: LoaderFunctionArgs) {
  await sectionLoader("inventory", args);
  const { request } = args;
  const { warehouseId } = readListQuery(InventoryStatsQuerySchema, new URL(request.url).searchParams);
  const warehouse = warehouseId
    ? await apiReadOrFailure(
        request,
        `/v1/warehouses/${encodeURIComponent(warehouseId)}`,
        WarehouseRecordSchema,
      )
    : null;
  return {
    warehouseId: warehouseId ?? null,
    warehouseName: warehouse ? (warehouse.ok ? warehouse.data.name : "Unknown warehouse") : null,
  };
}
