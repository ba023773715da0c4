import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { WarehouseListPage } from "~/features/warehouses/warehouse-list";
import { warehouseListLoader, warehouseStatusAction } from "~/features/warehouses/warehouse-list.server";

export const meta: MetaFunction = () => [{ title: "Inactive Warehouses — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return warehouseListLoader("inactive", args);
}

export async function action(args: ActionFunctionArgs) {
  return warehouseStatusAction(args);
}

export default function InactiveWarehousesRoute() {
  return <WarehouseListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
