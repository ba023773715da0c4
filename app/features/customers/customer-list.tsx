import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { CustomerRecord } from "#backend/schemas/customers";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { ListAction, ListSection } from "~/components/list-section";
import { StatCard } from "~/components/stat-card";
import { StatusText } from "~/components/status-text";
import { emailShown, formatBadgeCount, formatDate, fullName } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";
import type { customerListLoader } from "./customer-list.server";

const COLUMNS: Column<CustomerRecord>[] = [
  {
    header: "Name",
    primary: true,
    cell: (customer) => (
      <Link to={`/customers/${customer.id}`} className="hover:underline">
        {fullName(customer)}
      </Link>
    ),
  },
  { header: "Email", cell: (customer) => emailShown(customer.email) },
  { header: "Phone", cell: (customer) => customer.phone },
  { header: "Location", cell: (customer) => customer.location },
  { header: "Status", cell: (customer) => <StatusText status={customer.status} /> },
  { header: "Joined", cell: (customer) => formatDate(customer.createdAt) },
];

export function CustomerListPage() {
  const { title, tab, stats, page, can } = useLoaderData<typeof customerListLoader>();
  const location = useLocation();
  useListRefresh();
  const newCustomer = can.create ? (
    <ListAction
      to={listHref("/customers/all/new", location.pathname === "/customers/all" ? location.search : "")}
    >
      New Customer
    </ListAction>
  ) : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="All" value={formatBadgeCount(stats.totalCustomerCount)} />
        <StatCard label="New Leads" value={formatBadgeCount(stats.newCustomerCount)} />
        <StatCard label="Active" value={formatBadgeCount(stats.activeCustomerCount)} />
        <StatCard label="Barred" value={formatBadgeCount(stats.barredCustomerCount)} />
      </div>
      <ListSection
        title={title}
        searchLabel="Customers"
        search={page.query.search}
        actions={newCustomer}
        page={page.list}
        itemLabel="customers"
        emptyHint={
          tab === "defaulting"
            ? "Customers more than 30 days behind on a sale's payments are listed here."
            : can.create
              ? "Customers you add with New Customer will be listed here."
              : undefined
        }
      >
        <DataTable caption={title} columns={COLUMNS} rows={page.list.customers} rowKey={(row) => row.id} />
      </ListSection>
      <Outlet />
    </div>
  );
}
