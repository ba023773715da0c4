import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SaleListPage } from "~/features/sales/sale-list";
import { saleListLoader } from "~/features/sales/sale-list.server";

export const meta: MetaFunction = () => [{ title: "All Sales — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return saleListLoader("all", args);
}

export default function AllSalesRoute() {
  return (
    <>
      <SaleListPage />
      <Outlet />
    </>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
