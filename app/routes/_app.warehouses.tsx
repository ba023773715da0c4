import type { WarehouseStats } from "#backend/schemas/warehouses";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { useListStats } from "~/utils/use-list-stats";

export { warehouseSectionLoader as loader } from "~/features/warehouses/warehouse-section.server";

export default function WarehousesLayout() {
  const stats = useListStats<WarehouseStats>();
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
