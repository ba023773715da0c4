import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DropdownMenu } from "~/components/dropdown-menu";
import { ListSection } from "~/components/list-section";
import { StatCard } from "~/components/stat-card";
import { formatBadgeCount, formatDate, formatNaira, formatTime } from "~/utils/format";
import { useListRefresh } from "~/utils/use-freshness";
import { PaymentReturnNotice } from "./payment-return-notice";
import type { SaleRow, saleListLoader } from "./sale-list.server";
import { SaleStatusPill } from "./sale-status";

const COLUMNS: Column<SaleRow>[] = [
  {
    header: "Sale",
    primary: true,
    cell: (sale) => (
      <Link to={`/sales/${sale.id}`} className="font-mono hover:underline">
        {sale.saleNumber}
      </Link>
    ),
  },
  { header: "Customer", cell: (sale) => sale.customer.name },
  { header: "Products", cell: (sale) => sale.products.join(", ") },
  { header: "Status", cell: (sale) => <SaleStatusPill status={sale.status} /> },
  { header: "Total", cell: (sale) => formatNaira(sale.totalPrice) },
  { header: "Paid", cell: (sale) => formatNaira(sale.totalPaid) },
  { header: "Balance", cell: (sale) => formatNaira(sale.balance) },
  { header: "Date", cell: (sale) => formatDate(sale.createdAt) },
  { header: "Agent", cell: (sale) => sale.agent?.name ?? "" },
];

type Draft = { id: string; customerName: string | null; products: string[]; updatedAt: string };

function MyDrafts({ drafts }: { drafts: Draft[] }) {
  if (drafts.length === 0) return null;
  return (
    <section
      aria-labelledby="my-drafts"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="my-drafts" className="text-lg font-semibold">
        My drafts
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {drafts.map((draft) => (
          <li key={draft.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <Link to={`/sales/all/new/${draft.id}`} className="font-medium text-brand-700 hover:underline">
              {draft.customerName ?? "No customer yet"}
            </Link>
            <span className="text-slate-600">
              {draft.products.length} product{draft.products.length === 1 ? "" : "s"} · last changed{" "}
              {formatDate(draft.updatedAt)} {formatTime(draft.updatedAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SalesActions({ can }: { can: { create: boolean } }) {
  const item = "block rounded-lg px-3 py-2 text-sm hover:bg-slate-100";
  return (
    <>
      {can.create ? (
        // A POST: opening the panel starts a draft (the new-sale flow lives under /sales/all/new).
        <Form method="post" action="/sales/all/new">
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          >
            New Sales
          </button>
        </Form>
      ) : null}
      <DropdownMenu
        label="More sales actions"
        trigger={<span aria-hidden="true">⋯</span>}
        triggerClassName="h-9 w-9 justify-center"
        panelClassName="w-56"
      >
        {can.create ? (
          <Link to="/sales/all/batch-upload" className={item}>
            Batch Upload Sales
          </Link>
        ) : null}
        <Link to="/sales/all/export" className={item}>
          Export Data
        </Link>
      </DropdownMenu>
    </>
  );
}

function DateRange({ startDate, endDate }: { startDate?: string; endDate?: string }) {
  const input = "min-w-0 flex-1 rounded-lg border border-slate-300 px-2 py-1 text-sm";
  // On phones each date takes its own row, so the search box keeps a usable width.
  const label = "flex items-center gap-1 text-sm text-slate-700 max-sm:w-full";
  return (
    <>
      <label className={label}>
        From
        <input type="date" name="startDate" defaultValue={startDate ?? ""} className={input} />
      </label>
      <label className={label}>
        To
        <input type="date" name="endDate" defaultValue={endDate ?? ""} className={input} />
      </label>
    </>
  );
}

export function SaleListPage() {
  const { title, stats, page, payment, drafts, can } = useLoaderData<typeof saleListLoader>();
  const { pathname } = useLocation();
  useListRefresh();
  const { query, list } = page;
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Sales counters" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatCard label="All" value={formatBadgeCount(stats.all)} />
        <StatCard label="Active" value={formatBadgeCount(stats.active)} />
        <StatCard label="Cancelled" value={formatBadgeCount(stats.cancelled)} />
      </section>
      {payment ? <PaymentReturnNotice notice={payment} /> : null}
      <MyDrafts drafts={drafts} />
      <ListSection
        title={title}
        searchLabel="Sales"
        search={query.search}
        filters={<DateRange startDate={query.startDate} endDate={query.endDate} />}
        filtered={Boolean(query.startDate || query.endDate)}
        clearHref={pathname}
        actions={<SalesActions can={can} />}
        page={list}
        itemLabel="sales"
        emptyHint={can.create ? "Sales you make with New Sales will be listed here." : undefined}
      >
        <DataTable caption={title} columns={COLUMNS} rows={list.sales} rowKey={(sale) => sale.id} />
      </ListSection>
    </div>
  );
}
