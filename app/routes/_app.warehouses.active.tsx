import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { WarehouseListPage } from "~/features/warehouses/warehouse-list";
import { warehouseListLoader, warehouseStatusAction } from "~/features/warehouses/warehouse-list.server";

export const meta: MetaFunction = () => [{ title: "Active Warehouses — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return warehouseListLoader("active", args);
}

export async function action(args: ActionFunctionArgs) {
  return warehouseStatusAction(args);
}

export default function ActiveWarehousesRoute() {
  return <WarehouseListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
