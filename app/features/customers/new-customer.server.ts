import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AgentListSchema } from "#backend/schemas/agents";
import { CreateCustomerSchema, CustomerRecordSchema } from "#backend/schemas/customers";
import { appConfig } from "~/config.server";
import { requireUser } from "~/session.server";
import { createAction } from "~/utils/create-actions.server";
import { fullName } from "~/utils/format";
import { searchableOptions } from "~/utils/option-search.server";

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
