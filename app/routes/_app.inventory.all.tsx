import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { InventoryListPage } from "~/features/inventory/inventory-list";
import { inventoryListLoader } from "~/features/inventory/inventory-list.server";

export const meta: MetaFunction = () => [{ title: "All Inventory — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return inventoryListLoader("all", args);
}

export default function AllInventoryRoute() {
  return <InventoryListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
