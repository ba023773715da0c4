import { Link } from "@remix-run/react";
import type { SaleList, SaleListItem } from "#backend/schemas/sales";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { formatDate, formatNaira } from "~/utils/format";
import { Panel } from "~/components/panel";
import { SaleStatusPill } from "./sale-status";

const COLUMNS: Column<SaleListItem>[] = [
  {
    header: "Sale",
    primary: true,
    cell: (sale) => (
      <Link to={`/sales/${sale.id}`} className="font-mono text-brand-700 hover:underline">
        {sale.saleNumber}
      </Link>
    ),
  },
  { header: "Products", cell: (sale) => sale.products.join(", ") },
  { header: "Status", cell: (sale) => <SaleStatusPill status={sale.status} /> },
  { header: "Total", cell: (sale) => formatNaira(sale.totalPrice) },
  { header: "Paid", cell: (sale) => formatNaira(sale.totalPaid) },
  { header: "Balance", cell: (sale) => formatNaira(sale.balance) },
  { header: "Date", cell: (sale) => formatDate(sale.createdAt) },
];

export function CustomerSales({ sales, email }: { sales: SaleList; email: string }) {
  return (
    <Panel id="customer-sales" title="Sales">
      {sales.total === 0 ? (
        <p>No sales yet. Sales made for this customer will be listed here.</p>
      ) : (
        <>
          <DataTable
            caption="Sales of this customer"
            columns={COLUMNS}
            rows={sales.sales}
            rowKey={(sale) => sale.id}
          />
          {sales.total > sales.sales.length ? (
            <p className="mt-3">
              The {sales.sales.length} newest of {sales.total} sales.{" "}
              <Link
                to={`/sales/all?search=${encodeURIComponent(email)}`}
                className="text-brand-700 underline"
              >
                All of them in the sales list
              </Link>
            </p>
          ) : null}
        </>
      )}
    </Panel>
  );
}
