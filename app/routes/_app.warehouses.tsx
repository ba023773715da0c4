import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WarehouseStatsSchema } from "#backend/schemas/warehouses";
import { apiReadOrFailure } from "~/api.server";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

/** The Warehouses section: its counts (tabs and the 'All Warehouses' card) are read once for every tab. */
export async function loader(args: LoaderFunctionArgs) {
  await sectionLoader("warehouses", args);
  const stats = await apiReadOrFailure(args.request, "/v1/warehouses/statistics/view", WarehouseStatsSchema);
  return { stats: stats.ok ? stats.data : null };
}

export default function WarehousesLayout() {
  const { stats } = useLoaderData<typeof loader>();
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
