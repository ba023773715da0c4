import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { EmptyListState, EmptyState } from "~/components/empty-state";
import { ListSearch } from "~/components/list-search";
import { Pagination } from "~/components/pagination";
import { StatusText } from "~/components/status-text";
import { formatBadgeCount, formatDate, fullName } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";
import type { customerListLoader } from "./customer-list.server";
import { CUSTOMER_TABS } from "./customer-tabs";

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-xs uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{formatBadgeCount(value)}</p>
    </div>
  );
}

/** The customer list of one tab, with the stat cards, search, pagination and the New Customer drawer. */
export function CustomerListPage() {
  const { tab, stats, list, search } = useLoaderData<typeof customerListLoader>();
  const location = useLocation();
  useListRefresh();
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="All" value={stats.totalCustomerCount} />
        <StatCard label="New Leads" value={stats.newCustomerCount} />
        <StatCard label="Active" value={stats.activeCustomerCount} />
        <StatCard label="Barred" value={stats.barredCustomerCount} />
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{CUSTOMER_TABS[tab].title}</h2>
          <div className="flex flex-wrap items-center gap-2">
            <ListSearch action={location.pathname} label="Customers" defaultValue={search} />
            <Link
              to={listHref("/customers/all/create", tab === "all" ? location.search : "")}
              className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
            >
              New Customer
            </Link>
          </div>
        </div>
        {!list ? (
          <EmptyState title="No data available">
            Defaulting customers are those behind on instalments; they will be listed once sales are recorded.
          </EmptyState>
        ) : list.customers.length === 0 ? (
          <EmptyListState searching={Boolean(search)} clearHref={location.pathname} />
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                <tr>
                  <th className="py-2 pr-4">Name</th>
                  <th className="py-2 pr-4">Email</th>
                  <th className="py-2 pr-4">Phone</th>
                  <th className="py-2 pr-4">Location</th>
                  <th className="py-2 pr-4">Status</th>
                  <th className="py-2">Joined</th>
                </tr>
              </thead>
              <tbody>
                {list.customers.map((customer) => (
                  <tr key={customer.id} className="border-b border-slate-100 hover:bg-slate-50">
                    <td className="py-2 pr-4 font-medium">
                      <Link to={`/customers/${customer.id}`} className="hover:underline">
                        {fullName(customer)}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{customer.email}</td>
                    <td className="py-2 pr-4">{customer.phone}</td>
                    <td className="py-2 pr-4">{customer.location}</td>
                    <td className="py-2 pr-4">
                      <StatusText status={customer.status} />
                    </td>
                    <td className="py-2">{formatDate(customer.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination
              page={list.page}
              limit={list.limit}
              total={list.total}
              totalPages={list.totalPages}
              label="customers"
            />
          </div>
        )}
      </section>
      <Outlet />
    </div>
  );
}
