import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { StandaloneErrorPage, describeRouteError } from "~/components/error-panel";
import { Receipt } from "~/features/sales/receipt";
import type { loader } from "~/features/sales/sale-page.server";

// The receipt alone, outside the app's frame, so that it prints on its own without any script.
export { loader } from "~/features/sales/sale-page.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  const payment = loaded?.sale.payments.find((candidate) => candidate.id === loaded.paymentId);
  return [
    {
      title:
        loaded && payment
          ? `Receipt ${payment.receiptNumber} — Sale ${loaded.sale.saleNumber} — SolarDesk`
          : "Receipt — SolarDesk",
    },
  ];
};

export default function PrintReceiptRoute() {
  const { sale, business, paymentId } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-2xl p-4 sm:p-6 print:max-w-none print:p-0">
      <Receipt sale={sale} business={business} paymentId={paymentId ?? ""} printing />
    </main>
  );
}

export function ErrorBoundary() {
  return <StandaloneErrorPage description={describeRouteError(useRouteError())} />;
}
