import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CustomerRecordSchema } from "#backend/schemas/customers";
import { apiRead } from "~/api.server";
import { DetailList } from "~/components/detail-list";
import { EmptyState } from "~/components/empty-state";
import { SectionErrorBoundary } from "~/components/error-panel";
import { StatusText } from "~/components/status-text";
import { requireUser } from "~/session.server";
import { capitalise, formatDate, fullName } from "~/utils/format";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${fullName(data.customer)} — Customers — SolarDesk` : "Customer — SolarDesk" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = encodeURIComponent(params.customerId ?? "");
  return { customer: await apiRead(request, `/v1/customers/single/${id}`, CustomerRecordSchema) };
}

export default function CustomerRoute() {
  const { customer } = useLoaderData<typeof loader>();
  const rows: [string, React.ReactNode][] = [
    ["First Name", customer.firstname],
    ["Last Name", customer.lastname],
    ["Email", customer.email],
    ["Phone Number", customer.phone],
    ["Address", customer.location],
    ["Address Type", capitalise(customer.addressType.toLowerCase())],
    [
      "Coordinates",
      customer.latitude !== null && customer.longitude !== null
        ? `${customer.latitude}, ${customer.longitude}`
        : "N/A",
    ],
    ["Status", <StatusText key="status" status={customer.status} />],
    ["Type", capitalise(customer.type)],
    ["Customer Since", formatDate(customer.createdAt)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <Link to="/customers/all" className="text-sm text-brand-700 hover:underline">
        ← All customers
      </Link>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold">{fullName(customer)}</h2>
        <DetailList rows={rows} />
      </section>
      <EmptyState title="No sales yet">Sales and payments of this customer will be listed here.</EmptyState>
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
