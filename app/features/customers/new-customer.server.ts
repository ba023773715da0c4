import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AgentListSchema } from "#backend/schemas/agents";
import { CreateCustomerSchema, CustomerRecordSchema } from "#backend/schemas/customers";
import { apiWrite } from "~/api.server";
import { appConfig } from "~/config.server";
import { changeDraft } from "~/features/sale-flow/draft.server";
import { draftPath } from "~/features/sale-flow/paths";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { createAction } from "~/utils/create-actions.server";
import { fullName } from "~/utils/format";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
} from "~/utils/forms.server";
import { searchableOptions } from "~/utils/option-search.server";

const CREATION_FAILED = "Customer Creation Failed: Internal Server Error";
const CREATED = "Customer created successfully!";

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
        agents.map((agent) => ({ value: agent.id, label: `${fullName(agent)} (${agent.location})` })),
    }),
    forDraft: forDraftOf(request),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const forDraft = forDraftOf(request);
  if (!forDraft) {
    return createAction(request, {
      form: CreateCustomerSchema,
      path: "/v1/customers/create",
      answer: CustomerRecordSchema,
      failureToast: CREATION_FAILED,
      done: { list: "/customers/all", message: CREATED },
    });
  }
  const submission = parseForm(await readFormData(request), CreateCustomerSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWrite(
    request,
    { method: "POST", path: "/v1/customers/create", body: submission.value },
    CustomerRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, { toastFor: creationFailedToast(CREATION_FAILED) });
  }
  // The customer was made for this sale: chosen in it at once (a draft gone meanwhile leaves it unchosen).
  const chosen = await changeDraft(request, forDraft, {
    method: "PUT",
    rest: "/customer",
    body: { customerId: answer.data.id },
  });
  return redirectWithSuccess(chosen.ok ? draftPath(forDraft) : "/customers/all", CREATED);
}
