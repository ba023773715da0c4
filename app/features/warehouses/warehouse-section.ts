import { useRouteLoaderData } from "@remix-run/react";
import type { warehouseSectionLoader } from "./warehouse-section.server";

/** The warehouses section's data (its stats) for the pages inside it. */
export const useWarehouseSection = () =>
  useRouteLoaderData<typeof warehouseSectionLoader>("routes/_app.warehouses");
