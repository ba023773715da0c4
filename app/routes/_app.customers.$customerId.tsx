import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DetailList } from "~/components/detail-list";
import { SectionErrorBoundary } from "~/components/error-panel";
import { StatusText } from "~/components/status-text";
import { SubmitButton } from "~/components/submit-button";
import { NEW_SALE_PATH } from "~/features/sale-flow/paths";
import { CustomerSales } from "~/features/sales/customer-sales";
import { capitalise, formatDate, fullName } from "~/utils/format";
import type { loader } from "~/features/customers/customer-page.server";

export { loader } from "~/features/customers/customer-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${fullName(data.customer)} — Customers — SolarDesk` : "Customer — SolarDesk" },
];

export default function CustomerRoute() {
  const { customer, agentName, sales, can } = useLoaderData<typeof loader>();
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
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{fullName(customer)}</h2>
          {can.sell ? (
            <Form method="post" action={NEW_SALE_PATH}>
              <input type="hidden" name="customerId" value={customer.id} />
              <SubmitButton intent="for-customer" formAction={NEW_SALE_PATH} pendingText="Starting...">
                New sale for this customer
              </SubmitButton>
            </Form>
          ) : null}
        </div>
        <DetailList rows={rows} />
      </section>
      {sales ? <CustomerSales sales={sales} email={customer.email} /> : null}
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
