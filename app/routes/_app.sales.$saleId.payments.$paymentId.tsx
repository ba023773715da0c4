import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useParams, useRouteLoaderData } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/error-panel";
import { guardOnlyLoader } from "~/components/frame/section.server";
import { Receipt } from "~/features/sales/receipt";
import type { loader as saleLoader } from "./_app.sales.$saleId";

const SALE_ROUTE = "routes/_app.sales.$saleId";

export const meta: MetaFunction<typeof loader, { [SALE_ROUTE]: typeof saleLoader }> = ({
  matches,
  params,
}) => {
  const sale = matches.find((match) => match.id === SALE_ROUTE)?.data?.sale;
  const payment = sale?.payments.find((candidate) => candidate.id === params.paymentId);
  return [
    {
      title:
        sale && payment
          ? `Receipt ${payment.receiptNumber} — Sale ${sale.saleNumber} — SolarDesk`
          : "Receipt — SolarDesk",
    },
  ];
};

/** The sale's route reads the sale (and answers 404 for a payment that is not one of its own). */
export async function loader(args: LoaderFunctionArgs) {
  return guardOnlyLoader(args);
}

export default function ReceiptRoute() {
  const { paymentId } = useParams();
  const loaded = useRouteLoaderData<typeof saleLoader>(SALE_ROUTE);
  if (!loaded || !paymentId) return null;
  return <Receipt sale={loaded.sale} business={loaded.business} paymentId={paymentId} />;
}

export const ErrorBoundary = SectionErrorBoundary;
