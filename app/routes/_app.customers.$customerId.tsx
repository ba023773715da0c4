import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AgentRecordSchema } from "#backend/schemas/agents";
import { CustomerRecordSchema } from "#backend/schemas/customers";
import { SaleListSchema } from "#backend/schemas/sales";
import { apiRead, apiReadOrFailure } from "~/api.server";
import { DetailList } from "~/components/detail-list";
import { SectionErrorBoundary } from "~/components/error-panel";
import { StatusText } from "~/components/status-text";
import { CustomerSales } from "~/features/sales/customer-sales";
import { requireUser } from "~/session.server";
import { capitalise, formatDate, fullName } from "~/utils/format";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${fullName(data.customer)} — Customers — SolarDesk` : "Customer — SolarDesk" },
];

/** The newest sales shown on a customer's page; the rest are a search of the sales list away. */
const CUSTOMER_SALES = 20;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = encodeURIComponent(params.customerId ?? "");
  const customer = await apiRead(request, `/v1/customers/single/${id}`, CustomerRecordSchema);
  const [agent, sales] = await Promise.all([
    customer.agentId
      ? apiReadOrFailure(request, `/v1/agents/${encodeURIComponent(customer.agentId)}`, AgentRecordSchema)
      : null,
    apiReadOrFailure(request, "/v1/sales", SaleListSchema, {
      customerId: customer.id,
      limit: CUSTOMER_SALES,
    }),
  ]);
  return {
    customer,
    agentName: agent?.ok ? fullName(agent.data) : null,
    sales: sales.ok ? sales.data : null,
  };
}

export default function CustomerRoute() {
  const { customer, agentName, sales } = useLoaderData<typeof loader>();
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
      {sales ? <CustomerSales sales={sales} email={customer.email} /> : null}
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
