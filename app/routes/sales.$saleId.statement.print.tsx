import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { DetailList } from "~/components/detail-list";
import { StandaloneErrorPage, describeRouteError } from "~/components/error-panel";
import { BusinessLines, PrintButton } from "~/features/sales/receipt";
import { Statement } from "~/features/sales/statement";
import { formatDate, formatNaira, fullName } from "~/utils/format";
import type { loader } from "~/features/sales/statement-print.server";

// The statement alone, outside the app's frame, so that it prints on its own without any script.
export { loader } from "~/features/sales/statement-print.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Statement — Sale ${loaded.sale.saleNumber} — SolarDesk` : "Statement — SolarDesk" },
];

export default function PrintStatementRoute() {
  const { sale, business } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-6 print:max-w-none print:p-0">
      <article aria-labelledby="statement-title" className="flex flex-col gap-3">
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-4">
          <div>
            <BusinessLines business={business} />
            <h1 id="statement-title" className="text-xl font-semibold">
              Statement of sale {sale.saleNumber}
            </h1>
            <p className="text-sm text-slate-700">As on {formatDate(new Date().toISOString())}</p>
          </div>
          <div className="flex items-center gap-3 print:hidden">
            <PrintButton />
            <Link to={`/sales/${sale.id}`} className="text-sm text-brand-700 hover:underline">
              Back to the sale
            </Link>
          </div>
        </header>
        <DetailList
          rows={[
            ["Customer", `${fullName(sale.customer)}, ${sale.customer.phone}`],
            ["Sale Date", formatDate(sale.createdAt)],
            ["Total", formatNaira(sale.totalPrice)],
            ["Paid", formatNaira(sale.totalPaid)],
            ["Balance", formatNaira(sale.balance)],
          ]}
        />
        <Statement lines={sale.statement} />
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return <StandaloneErrorPage description={describeRouteError(useRouteError())} />;
}
