import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AgentFormSchema, AgentRecordSchema } from "#backend/schemas/agents";
import { apiRead, apiWrite } from "~/api.server";
import { appConfig } from "~/config.server";
import { requireUser } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
} from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";

const agentPath = (id: string | undefined) => `/v1/agents/${encodeURIComponent(id ?? "")}` as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const agent = await apiRead(request, agentPath(params.agentId), AgentRecordSchema);
  const flags = canFlags(user, { write: "write:Agents" });
  return {
    agent,
    can: flags,
    editing: flags.write && new URL(request.url).searchParams.get("mode") === "edit",
    mapsApiKey: appConfig().mapsApiKey ?? null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const page = `/agents/${encodeURIComponent(params.agentId ?? "")}`;
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "bar" || intent === "unbar") {
    const answer = await apiWrite(
      request,
      {
        method: "PATCH",
        path: agentPath(params.agentId),
        body: { status: intent === "bar" ? "barred" : "active" },
      },
      AgentRecordSchema,
    );
    if (!answer.ok) {
      const [message] = [answer.failure.message].flat();
      return redirectWithError(page, message ?? "Agent Update Failed: Internal Server Error");
    }
    return redirectWithSuccess(
      page,
      intent === "bar" ? "Agent barred successfully!" : "Agent unbarred successfully!",
    );
  }

  const submission = parseForm(formData, AgentFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  // The edit form always sends the phone: left empty, it clears the number.
  const body = { ...submission.value, phoneNumber: submission.value.phoneNumber ?? null };
  const answer = await apiWrite(
    request,
    { method: "PATCH", path: agentPath(params.agentId), body },
    AgentRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      toastFor: creationFailedToast("Agent Update Failed: Internal Server Error"),
    });
  }
  return redirectWithSuccess(page, "Agent updated successfully!");
}
