import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CustomerListSchema } from "#backend/schemas/customers";
import { CreateTicketSchema, TicketDetailSchema } from "#backend/schemas/tickets";
import { ticketSection } from "~/features/tickets/ticket-rules";
import { requireUser } from "~/session.server";
import { fullName } from "~/utils/format";
import { createAction } from "~/utils/create-actions.server";
import { searchableOptions } from "~/utils/option-search.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return {
    // The customer is optional: a role that may not read customers opens tickets without one.
    customers: await searchableOptions(request, {
      path: "/v1/customers",
      answer: CustomerListSchema,
      searchParam: "customerSearch",
      choices: ({ customers }) =>
        customers.map((customer) => ({
          value: customer.id,
          label: `${fullName(customer)} (${customer.email})`,
        })),
    }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return createAction(request, {
    form: CreateTicketSchema,
    path: "/v1/tickets/create",
    answer: TicketDetailSchema,
    failureToast: "Ticket Creation Failed: Internal Server Error",
    done: {
      list: `/${ticketSection(new URL(request.url).pathname)}/all`,
      message: "Ticket created successfully!",
    },
  });
}
