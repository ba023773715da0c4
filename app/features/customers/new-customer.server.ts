import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AgentListSchema } from "#backend/schemas/agents";
import { CreateCustomerSchema, CustomerRecordSchema } from "#backend/schemas/customers";
import { appConfig } from "~/config.server";
import { changeDraft } from "~/features/sale-flow/draft.server";
import { draftPath } from "~/features/sale-flow/paths";
import { requireUser } from "~/session.server";
import { createAction } from "~/utils/create-actions.server";
import { fullName } from "~/utils/format";
import { searchableOptions } from "~/utils/option-search.server";

/** Opened from a new sale's customer picker: the draft the new customer is chosen for. */
function forDraftOf(request: Request) {
  const id = new URL(request.url).searchParams.get("forDraft");
  return id && /^[\w-]{1,64}$/.test(id) ? id : null;
}

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
        agents.map((agent) => ({
          value: agent.id,
          label: `${fullName(agent.user)} (${agent.user.location})`,
        })),
    }),
    forDraft: forDraftOf(request),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const forDraft = forDraftOf(request);
  return createAction(request, {
    form: CreateCustomerSchema,
    path: "/v1/customers/create",
    answer: CustomerRecordSchema,
    failureToast: "Customer Creation Failed: Internal Server Error",
    done: {
      list: "/customers/all",
      message: "Customer created successfully!",
      // Made for a sale: chosen in it at once (a draft gone meanwhile leaves the customer unchosen).
      elsewhere: forDraft
        ? async (customer) => {
            const chosen = await changeDraft(request, forDraft, {
              method: "PUT",
              rest: "/customer",
              body: { customerId: customer.id },
            });
            return chosen.ok ? draftPath(forDraft) : "/customers/all";
          }
        : undefined,
    },
  });
}
