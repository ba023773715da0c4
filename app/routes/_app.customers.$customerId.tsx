import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AgentRecordSchema } from "#backend/schemas/agents";
import { CustomerRecordSchema } from "#backend/schemas/customers";
import { apiRead, apiReadOrFailure } from "~/api.server";
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
  const customer = await apiRead(request, `/v1/customers/single/${id}`, CustomerRecordSchema);
  // The registering agent's name, for roles that may read agents.
  const agent = customer.agentId
    ? await apiReadOrFailure(request, `/v1/agents/${encodeURIComponent(customer.agentId)}`, AgentRecordSchema)
    : null;
  return { customer, agentName: agent?.ok ? fullName(agent.data) : null };
}

export default function CustomerRoute() {
  const { customer, agentName } = useLoaderData<typeof loader>();
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
    [
      "Registered By",
      customer.agentId ? (
        <Link key="agent" to={`/agents/${customer.agentId}`} className="text-brand-700 hover:underline">
          {agentName ?? "An agent"}
        </Link>
      ) : (
        "Staff"
      ),
    ],
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
