import { Link, useLoaderData } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { classTabCounts } from "~/features/inventory/inventory-classes";
import type { inventorySectionLoader } from "~/features/inventory/inventory-section.server";

export { inventorySectionLoader as loader } from "~/features/inventory/inventory-section.server";

export default function InventoryLayout() {
  const { warehouseId, warehouseName, stats } = useLoaderData<typeof inventorySectionLoader>();
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
