import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { InventoryListPage } from "~/features/inventory/inventory-list";
import { inventoryListLoader } from "~/features/inventory/inventory-list.server";

export const meta: MetaFunction = () => [{ title: "Returned Inventory — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return inventoryListLoader("returned", args);
}

export default function ReturnedInventoryRoute() {
  return <InventoryListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
