import { useLoaderData } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import type { warehouseSectionLoader } from "~/features/warehouses/warehouse-section.server";

export { warehouseSectionLoader as loader } from "~/features/warehouses/warehouse-section.server";

export default function WarehousesLayout() {
  const { stats } = useLoaderData<typeof warehouseSectionLoader>();
  return (
    <SectionLayout
      section="warehouses"
      tabCounts={
        stats
          ? { all: stats.totalWarehouses, active: stats.activeWarehouses, inactive: stats.inactiveWarehouses }
          : undefined
      }
    />
  );
}

export const ErrorBoundary = SectionErrorBoundary;
