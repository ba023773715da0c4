import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AgentRecordSchema } from "#backend/schemas/agents";
import {
  BarCustomerSchema,
  CustomerFormSchema,
  CustomerRecordSchema,
  CustomerTabsSchema,
} from "#backend/schemas/customers";
import { DeviceListSchema } from "#backend/schemas/devices";
import { SaleListSchema } from "#backend/schemas/sales";
import { TicketListSchema } from "#backend/schemas/tickets";
import { CustomerAccountsSchema } from "#backend/schemas/portfolio";
import { MessageListSchema } from "#backend/schemas/messages";
import { CUSTOMER_MESSAGE_INTENTS, customerMessageIntent } from "~/features/messages/messages.server";
import { apiRead, apiReadOrFailure, apiWrite } from "~/api.server";
import { appConfig } from "~/config.server";
import { requirePermission, requireUser } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
} from "~/utils/forms.server";
import { fullName } from "~/utils/format";
import { can as may, canFlags } from "~/utils/permissions";

/** The newest sales shown on a customer's page; the rest are a search of the sales list away. */
const CUSTOMER_SALES = 20;
/** Devices, tickets and messages shown; the counts above them are of all. */
const CUSTOMER_MESSAGES = 20;
const CUSTOMER_RECORDS = 10;

const customerPath = (id: string | undefined) => `/v1/customers/${encodeURIComponent(id ?? "")}` as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = encodeURIComponent(params.customerId ?? "");
  const customer = await apiRead(request, `/v1/customers/single/${id}`, CustomerRecordSchema);
  const mine = { customerId: customer.id, limit: CUSTOMER_RECORDS };
  const [agent, tabs, sales, accounts, devices, tickets, messages] = await Promise.all([
    customer.agentId
      ? apiReadOrFailure(request, `/v1/agents/${encodeURIComponent(customer.agentId)}`, AgentRecordSchema)
      : null,
    apiReadOrFailure(request, `/v1/customers/${id}/tabs`, CustomerTabsSchema),
    apiReadOrFailure(request, "/v1/sales/list", SaleListSchema, {
      customerId: customer.id,
      limit: CUSTOMER_SALES,
    }),
    may(user, "read:Sales")
      ? apiReadOrFailure(request, `/v1/customers/${id}/accounts`, CustomerAccountsSchema)
      : null,
    may(user, "read:Devices") ? apiReadOrFailure(request, "/v1/device", DeviceListSchema, mine) : null,
    may(user, "read:Tickets") ? apiReadOrFailure(request, "/v1/tickets", TicketListSchema, mine) : null,
    may(user, "read:Messages")
      ? apiReadOrFailure(request, "/v1/messages", MessageListSchema, {
          customerId: customer.id,
          limit: CUSTOMER_MESSAGES,
        })
      : null,
  ]);
  const can = canFlags(user, {
    sell: "write:Sales",
    write: "write:Customers",
    message: "write:Messages",
    readMessages: "read:Messages",
  });
  return {
    customer,
    agentName: agent?.ok ? fullName(agent.data.user) : null,
    tabs: tabs.ok ? tabs.data : null,
    sales: sales.ok ? sales.data : null,
    accounts: accounts?.ok ? accounts.data.accounts : [],
    devices: devices?.ok ? devices.data : null,
    tickets: tickets?.ok ? tickets.data : null,
    messages: messages?.ok ? messages.data : null,
    can,
    editing: can.write && new URL(request.url).searchParams.get("mode") === "edit",
    mapsApiKey: appConfig().mapsApiKey ?? null,
  };
}

// The edit form, Bar (with its reason) and Unbar; and the Messages panel's forms, each with its permission.
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const page = `/customers/${encodeURIComponent(params.customerId ?? "")}`;
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (typeof intent === "string" && CUSTOMER_MESSAGE_INTENTS.includes(intent))
    return customerMessageIntent(request, formData, params.customerId ?? "");
  await requirePermission(request, "write:Customers");

  if (intent === "unbar") {
    const answer = await apiWrite(
      request,
      { method: "PUT", path: customerPath(params.customerId), body: { status: "active" } },
      CustomerRecordSchema,
    );
    if (!answer.ok) {
      const [message] = [answer.failure.message].flat();
      return redirectWithError(page, message ?? "Customer Update Failed: Internal Server Error");
    }
    return redirectWithSuccess(page, "Customer unbarred successfully!");
  }

  if (intent === "bar") {
    const submission = parseForm(formData, BarCustomerSchema);
    if (submission.status !== "success") return invalidSubmission(submission, { intent: "bar" });
    const answer = await apiWrite(
      request,
      {
        method: "PUT",
        path: customerPath(params.customerId),
        body: { status: "barred", reason: submission.value.reason },
      },
      CustomerRecordSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        intent: "bar",
        toastFor: creationFailedToast("Customer Update Failed: Internal Server Error"),
      });
    }
    return redirectWithSuccess(page, "Customer barred successfully!");
  }

  const submission = parseForm(formData, CustomerFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: "update" });
  const answer = await apiWrite(
    request,
    { method: "PUT", path: customerPath(params.customerId), body: submission.value },
    CustomerRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      intent: "update",
      toastFor: creationFailedToast("Customer Update Failed: Internal Server Error"),
    });
  }
  return redirectWithSuccess(page, "Customer updated successfully!");
}
