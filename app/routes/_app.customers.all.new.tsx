import type { MetaFunction } from "@remix-run/node";
import { CUSTOMER_EMAIL_HINT } from "#backend/constants/customers";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { OptionSearch, SearchableSelect } from "~/components/option-search";
import { PersonFields } from "~/components/person-fields";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { draftPath } from "~/features/sale-flow/paths";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/customers/new-customer.server";

export { action, loader } from "~/features/customers/new-customer.server";

const loadCreateCustomerSchema = () =>
  import("#backend/schemas/customers").then((module) => module.CreateCustomerSchema);

export const meta: MetaFunction = () => [{ title: "New Customer — SolarDesk" }];

export default function NewCustomerRoute() {
  const { mapsApiKey, agents, forDraft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadCreateCustomerSchema,
    lastResult: actionData?.result,
  });
  return (
    <Drawer
      title="New Customer"
      size="medium"
      closeTo={forDraft ? draftPath(forDraft, "customer") : listHref("/customers/all", location.search)}
    >
      <ActionToast toast={actionData?.toast} />
      <OptionSearch name="agentSearch" label="Find the registering agent" choices={agents} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <PersonFields
          field={field}
          phone={{ label: "Phone Number", ...field("phone") }}
          addressLabel="Address"
          mapsApiKey={mapsApiKey}
          emailHint={CUSTOMER_EMAIL_HINT}
        />
        <SearchableSelect
          label="Registered by agent"
          placeholder="No agent (optional)"
          choices={agents}
          {...field("agentId")}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Creating..." className="mt-2">
          Create Customer
        </SubmitButton>
      </Form>
    </Drawer>
  );
}
