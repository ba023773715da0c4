import type { LoaderFunctionArgs } from "@remix-run/node";
import { WarehouseStatsSchema } from "#backend/schemas/warehouses";
import { apiReadOrFailure } from "~/api.server";
import { sectionLoader } from "~/components/frame/section.server";

// The section's stats, read once for its tabs and its list pages' cards.
export async function warehouseSectionLoader(args: LoaderFunctionArgs) {
  await sectionLoader("warehouses", args);
  const stats = await apiReadOrFailure(args.request, "/v1/warehouses/statistics/view", WarehouseStatsSchema);
  return { stats: stats.ok ? stats.data : null };
}
