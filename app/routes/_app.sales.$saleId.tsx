import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useOutlet } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SalePage } from "~/features/sales/sale-page";
import type { loader } from "~/features/sales/sale-page.server";

export { loader } from "~/features/sales/sale-page.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Sale ${loaded.sale.saleNumber} — Sales — SolarDesk` : "Sale — SolarDesk" },
];

export default function SaleRoute() {
  const { sale, events, payment, can, tokenMessages } = useLoaderData<typeof loader>();
  const below = useOutlet();
  return (
    below ?? (
      <SalePage sale={sale} events={events} payment={payment} can={can} tokenMessages={tokenMessages} />
    )
  );
}

export const ErrorBoundary = SectionErrorBoundary;
