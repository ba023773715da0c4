import { useRouteLoaderData } from "@remix-run/react";
import { SalePage } from "~/features/sales/sale-page";
import type { loader } from "./_app.sales.$saleId";

const SALE_ROUTE = "routes/_app.sales.$saleId";

export default function SaleRoute() {
  const loaded = useRouteLoaderData<typeof loader>(SALE_ROUTE);
  if (!loaded) return null;
  const { sale, events, payment, can, tokenMessages } = loaded;
  return <SalePage sale={sale} events={events} payment={payment} can={can} tokenMessages={tokenMessages} />;
}
