import type { MetaFunction } from "@remix-run/node";
import { CUSTOMER_EMAIL_HINT } from "#backend/constants/customers";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { CustomerRecord } from "#backend/schemas/customers";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormTextarea } from "~/components/form-textarea";
import { PersonFields } from "~/components/person-fields";
import { StatusText } from "~/components/status-text";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { CustomerAccount, CustomerDevices, CustomerTickets } from "~/features/customers/customer-records";
import { NEW_SALE_PATH } from "~/features/sale-flow/paths";
import { CustomerSales } from "~/features/sales/customer-sales";
import { CustomerAccounts } from "~/features/portfolio/customer-accounts";
import { CustomerMessages } from "~/features/messages/message-parts";
import { capitalise, emailShown, formatDate, fullName } from "~/utils/format";
import { useLiveForm } from "~/utils/use-live-form";
import type { FormResult } from "~/utils/use-live-form";
import type { action, loader } from "~/features/customers/customer-page.server";

export { action, loader } from "~/features/customers/customer-page.server";

const loadCustomerFormSchema = () =>
  import("#backend/schemas/customers").then((module) => module.CustomerFormSchema);
const loadBarSchema = () => import("#backend/schemas/customers").then((module) => module.BarCustomerSchema);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.editing ? "Edit " : ""}${fullName(data.customer)} — Customers — SolarDesk`
      : "Customer — SolarDesk",
  },
];

const OUTLINE_BUTTON =
  "rounded-full border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100";

function EditCustomerForm({
  customer,
  mapsApiKey,
  lastResult,
}: {
  customer: CustomerRecord;
  mapsApiKey: string | null;
  lastResult?: FormResult;
}) {
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadCustomerFormSchema, lastResult });
  // The record fills the form until the server answers a submission; then it shows what was typed.
  const record: Record<string, string> = {
    firstname: customer.firstname,
    lastname: customer.lastname,
    email: customer.email,
    phone: customer.phone,
    addressType: customer.addressType,
    location: customer.location,
    longitude: customer.longitude === null ? "" : String(customer.longitude),
    latitude: customer.latitude === null ? "" : String(customer.latitude),
  };
  const value = (name: Parameters<typeof field>[0]) => {
    const props = field(name);
    return { ...props, defaultValue: props.defaultValue ?? (lastResult ? undefined : record[name]) };
  };
  return (
    <Form method="post" {...form} className="mt-4 flex flex-col gap-1">
      <PersonFields
        field={value}
        phone={{ label: "Phone Number", ...value("phone") }}
        addressLabel="Address"
        mapsApiKey={mapsApiKey}
        emailHint={CUSTOMER_EMAIL_HINT}
      />
      <ErrorBox errors={formErrors} />
      <div className="mt-2 flex flex-wrap gap-3">
        <SubmitButton intent="update" pendingText="Saving...">
          Save Changes
        </SubmitButton>
        <Link to={`/customers/${customer.id}`} className={OUTLINE_BUTTON}>
          Cancel Edit
        </Link>
      </div>
    </Form>
  );
}

/** A disclosure, so it opens without JavaScript; the reason is kept in the activity log. */
function BarCustomerForm({ lastResult }: { lastResult?: FormResult }) {
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadBarSchema, lastResult });
  return (
    <details open={Boolean(lastResult)} className="w-full">
      <summary className={`inline-block cursor-pointer ${OUTLINE_BUTTON}`}>Bar Customer</summary>
      <Form method="post" {...form} className="mt-3 flex max-w-lg flex-col gap-1">
        <FormTextarea label="Reason for barring" rows={2} maxLength={300} {...field("reason")} />
        <ErrorBox errors={formErrors} />
        <SubmitButton intent="bar" tone="danger" pendingText="Barring..." className="self-start">
          Bar Customer
        </SubmitButton>
      </Form>
    </details>
  );
}

function customerDetails(customer: CustomerRecord, agentName: string | null): [string, React.ReactNode][] {
  return [
    ["First Name", customer.firstname],
    ["Last Name", customer.lastname],
    ["Email", emailShown(customer.email)],
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
}

export default function CustomerRoute() {
  const { customer, agentName, tabs, sales, accounts, devices, tickets, messages, can, editing, mapsApiKey } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const answered = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const barred = customer.status === "barred";
  return (
    <div className="flex flex-col gap-4">
      <ActionToast toast={actionData?.toast} />
      <Link to="/customers/all" className="text-sm text-brand-700 hover:underline">
        ← All customers
      </Link>
      <section
        aria-labelledby="customer-name"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="customer-name" className="text-lg font-semibold">
            {fullName(customer)}
          </h2>
          <div className="flex flex-wrap gap-2">
            {can.sell && !barred ? (
              <Form method="post" action={NEW_SALE_PATH}>
                <input type="hidden" name="customerId" value={customer.id} />
                <SubmitButton intent="for-customer" formAction={NEW_SALE_PATH} pendingText="Starting...">
                  New sale for this customer
                </SubmitButton>
              </Form>
            ) : null}
            {can.write && !editing ? (
              <Link to="?mode=edit" className={OUTLINE_BUTTON}>
                Edit Customer
              </Link>
            ) : null}
            {can.write && barred ? (
              <Form method="post">
                <SubmitButton intent="unbar" pendingText="Unbarring..." className="py-2">
                  Unbar Customer
                </SubmitButton>
              </Form>
            ) : null}
          </div>
        </header>
        {editing ? (
          <EditCustomerForm customer={customer} mapsApiKey={mapsApiKey} lastResult={answered("update")} />
        ) : (
          <DetailList rows={customerDetails(customer, agentName)} />
        )}
        {can.write && !barred && !editing ? (
          <div className="mt-4 border-t border-slate-200 pt-4">
            <BarCustomerForm lastResult={answered("bar")} />
          </div>
        ) : null}
      </section>
      {tabs ? <CustomerAccount tabs={tabs} /> : null}
      {sales ? <CustomerSales sales={sales} email={customer.email} /> : null}
      <CustomerAccounts accounts={accounts} />
      {devices ? <CustomerDevices devices={devices} /> : null}
      {tickets ? <CustomerTickets tickets={tickets} /> : null}
      {can.readMessages ? (
        <CustomerMessages
          customer={customer}
          messages={messages}
          can={can}
          lastResult={answered("message")}
        />
      ) : null}
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
