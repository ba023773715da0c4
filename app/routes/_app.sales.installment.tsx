import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SaleListPage } from "~/features/sales/sale-list";
import { saleListLoader } from "~/features/sales/sale-list.server";

export const meta: MetaFunction = () => [{ title: "In Installment — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return saleListLoader("installment", args);
}

export default function InInstallmentRoute() {
  return <SaleListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
