import { useRouteLoaderData } from "@remix-run/react";
import type { inventorySectionLoader } from "./inventory-section.server";

/** The inventory section's data (banner, filter and stats) for the pages inside it. */
export const useInventorySection = () =>
  useRouteLoaderData<typeof inventorySectionLoader>("routes/_app.inventory");
