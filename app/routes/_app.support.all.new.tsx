import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { TICKET_PRIORITIES, TICKET_TYPES } from "#backend/constants/tickets";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { FormTextarea } from "~/components/form-textarea";
import { OptionSearch, SearchableSelect } from "~/components/option-search";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { ticketSection } from "~/features/tickets/ticket-rules";
import { capitalise } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/tickets/new-ticket.server";

export { action, loader } from "~/features/tickets/new-ticket.server";

const loadCreateTicketSchema = () =>
  import("#backend/schemas/tickets").then((module) => module.CreateTicketSchema);

export const meta: MetaFunction = () => [{ title: "New Ticket — SolarDesk" }];

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: capitalise(value) }));

export default function NewTicketRoute() {
  const { customers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadCreateTicketSchema,
    lastResult: actionData?.result,
  });
  return (
    <Drawer
      title="New Ticket"
      size="medium"
      closeTo={listHref(`/${ticketSection(location.pathname)}/all`, location.search)}
    >
      <ActionToast toast={actionData?.toast} />
      <OptionSearch name="customerSearch" label="Find the customer" choices={customers} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <FormSelect
            label="Type"
            placeholder="Select a type"
            options={choices(TICKET_TYPES)}
            {...field("type")}
          />
          <FormSelect
            label="Priority"
            placeholder="Select a priority"
            options={choices(TICKET_PRIORITIES)}
            {...field("priority")}
          />
        </div>
        <FormInput label="Subject" {...field("subject")} />
        <FormTextarea label="Description" {...field("description")} />
        <SearchableSelect
          label="Customer (optional)"
          placeholder="No customer"
          choices={customers}
          {...field("customerId")}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Creating..." className="mt-2">
          Create Ticket
        </SubmitButton>
      </Form>
    </Drawer>
  );
}
