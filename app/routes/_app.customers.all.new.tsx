import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AgentListSchema } from "#backend/schemas/agents";
import { CreateCustomerSchema, CustomerRecordSchema } from "#backend/schemas/customers";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { OptionSearch, SearchableSelect } from "~/components/option-search";
import { PersonFields } from "~/components/person-fields";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { appConfig } from "~/config.server";
import { requireUser } from "~/session.server";
import { createAction } from "~/utils/create-actions.server";
import { fullName } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { searchableOptions } from "~/utils/option-search.server";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "New Customer — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return {
    mapsApiKey: appConfig().mapsApiKey ?? null,
    // Only active agents register customers. A role that may not read agents gets no such field.
    agents: await searchableOptions(request, {
      path: "/v1/agents",
      answer: AgentListSchema,
      searchParam: "agentSearch",
      filter: { status: "active" },
      choices: ({ agents }) =>
        agents.map((agent) => ({ value: agent.id, label: `${fullName(agent)} (${agent.location})` })),
    }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return createAction(request, {
    form: CreateCustomerSchema,
    path: "/v1/customers/create",
    answer: CustomerRecordSchema,
    failureToast: "Customer Creation Failed: Internal Server Error",
    done: { list: "/customers/all", message: "Customer created successfully!" },
  });
}

export default function NewCustomerRoute() {
  const { mapsApiKey, agents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    schema: CreateCustomerSchema,
    lastResult: actionData?.result,
  });
  return (
    <Drawer title="New Customer" size="medium" closeTo={listHref("/customers/all", location.search)}>
      <ActionToast toast={actionData?.toast} />
      <OptionSearch name="agentSearch" label="Find the registering agent" choices={agents} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <PersonFields
          field={field}
          phone={{ label: "Phone Number", ...field("phone") }}
          addressLabel="Address"
          mapsApiKey={mapsApiKey}
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
