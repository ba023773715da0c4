import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { InventoryStatsQuerySchema, InventoryStatsSchema } from "#backend/schemas/inventory";
import { readListQuery } from "#backend/schemas/list";
import { WarehouseRecordSchema } from "#backend/schemas/warehouses";
import { apiReadOrFailure } from "~/api.server";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";
import { classTabCounts } from "~/features/inventory/inventory-classes";

/**
 * The Inventory section. `?warehouseId=` filters the whole section: the tab counts and stat cards (read
 * here once for every tab), the lists, and the banner, which names the warehouse.
 */
export async function loader(args: LoaderFunctionArgs) {
  await sectionLoader("inventory", args);
  const { request } = args;
  const { warehouseId } = readListQuery(InventoryStatsQuerySchema, new URL(request.url).searchParams);
  const [stats, warehouse] = await Promise.all([
    apiReadOrFailure(request, "/v1/inventory/stats", InventoryStatsSchema, { warehouseId }),
    warehouseId
      ? apiReadOrFailure(request, `/v1/warehouses/${encodeURIComponent(warehouseId)}`, WarehouseRecordSchema)
      : null,
  ]);
  return {
    stats: stats.ok ? stats.data : null,
    warehouseId: warehouseId ?? null,
    warehouseName: warehouse ? (warehouse.ok ? warehouse.data.name : "Unknown warehouse") : null,
  };
}

export default function InventoryLayout() {
  const { stats, warehouseId, warehouseName } = useLoaderData<typeof loader>();
  return (
    <SectionLayout
      section="inventory"
      subtitle={warehouseName}
      tabCounts={stats ? classTabCounts(stats) : undefined}
      tabSearch={warehouseId ? `?warehouseId=${encodeURIComponent(warehouseId)}` : ""}
      bannerAction={
        warehouseId ? (
          <Link
            to="/warehouses"
            className="rounded-full bg-white px-4 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100"
          >
            Return to Warehouses
          </Link>
        ) : null
      }
    />
  );
}

export const ErrorBoundary = SectionErrorBoundary;
