import type { MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/error-panel";
import type { loader } from "~/features/sales/sale-page.server";

export { loader } from "~/features/sales/sale-page.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Sale ${loaded.sale.saleNumber} — Sales — SolarDesk` : "Sale — SolarDesk" },
];

// The sale is read here for every page under it; the sale page itself is the index route, and a payment,
// a receipt or an action's page shows in its place, so those pages do not load the sale page's code.
export default function SaleLayout() {
  return <Outlet />;
}

export const ErrorBoundary = SectionErrorBoundary;
