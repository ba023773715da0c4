import type { LoaderFunctionArgs } from "@remix-run/node";
import { InventoryStatsQuerySchema, InventoryStatsSchema } from "#backend/schemas/inventory";
import { readListQuery } from "#backend/schemas/list";
import { WarehouseRecordSchema } from "#backend/schemas/warehouses";
import { apiReadOrFailure } from "~/api.server";
import { sectionLoader } from "~/components/frame/section.server";

// `?warehouseId=` filters the whole section: tab counts, stat cards, lists and the banner. The stats are
// the section's, read here once for its tabs and its list pages' cards; a page that cannot read them
// shows neither, and its own read says why.
export async function inventorySectionLoader(args: LoaderFunctionArgs) {
  await sectionLoader("inventory", args);
  const { request } = args;
  const { warehouseId } = readListQuery(InventoryStatsQuerySchema, new URL(request.url).searchParams);
  const [warehouse, stats] = await Promise.all([
    warehouseId
      ? apiReadOrFailure(request, `/v1/warehouses/${encodeURIComponent(warehouseId)}`, WarehouseRecordSchema)
      : null,
    apiReadOrFailure(request, "/v1/inventory/stats", InventoryStatsSchema, { warehouseId }),
  ]);
  return {
    warehouseId: warehouseId ?? null,
    warehouseName: warehouse ? (warehouse.ok ? warehouse.data.name : "Unknown warehouse") : null,
    stats: stats.ok ? stats.data : null,
  };
}
