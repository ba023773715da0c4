import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { AgentListSchema } from "#backend/schemas/agents";
import { apiReadOrFailure } from "~/api.server";
import { changeDraft, loadDraft, productApi } from "~/features/sale-flow/draft.server";
import type { FormIntent } from "~/features/sale-flow/paths";
import { ITEM_PART_API, draftPath, openTarget, parseFormIntent } from "~/features/sale-flow/paths";
import { SaleFormSchema } from "~/features/sale-flow/schemas";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { fullName } from "~/utils/format";

const AGENT_CHOICES = 100;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const [draft, agents] = await Promise.all([
    loadDraft(request, params.draftId),
    // Only active agents sell; a role that may not read agents gets no agent field.
    apiReadOrFailure(request, "/v1/agents", AgentListSchema, { status: "active", limit: AGENT_CHOICES }),
  ]);
  const options = agents.ok
    ? agents.data.agents.map((agent) => ({
        value: agent.id,
        label: `${fullName(agent.user)} (${agent.user.location})`,
      }))
    : null;
  if (options && draft.agent && !options.some((option) => option.value === draft.agent?.id)) {
    options.unshift({ value: draft.agent.id, label: draft.agent.name });
  }
  return { draft, agents: options };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

function changeFor(intent: FormIntent) {
  if (intent.kind === "remove") return { method: "DELETE" as const, rest: productApi(intent.productId) };
  if (intent.kind === "clear-item")
    return { method: "DELETE" as const, rest: productApi(intent.productId, ITEM_PART_API[intent.part]) };
  if (intent.kind === "clear") return { method: "DELETE" as const, rest: `/${intent.part}` };
  return null;
}

// What was typed is saved first, so nothing is lost when a chip opens a modal.
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const draftId = params.draftId ?? "";
  const formData = await readFormData(request);
  const submission = parseForm(formData, SaleFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);

  const saves: { method: "PUT" | "DELETE"; rest: string; body?: unknown }[] = [];
  if (formData.has("agentId") && (submission.value.agentId ?? "") !== text(formData.get("ui.savedAgent"))) {
    saves.push({ method: "PUT", rest: "/agent", body: { agentId: submission.value.agentId ?? null } });
  }
  if (formData.has("bvn") && (submission.value.bvn ?? "") !== text(formData.get("ui.savedBvn"))) {
    saves.push(
      submission.value.bvn
        ? { method: "PUT", rest: "/bvn", body: { bvn: submission.value.bvn } }
        : { method: "DELETE", rest: "/bvn" },
    );
  }
  const intent = parseFormIntent(text(formData.get("intent")));
  const change = changeFor(intent);
  for (const call of change ? [...saves, change] : saves) {
    const answer = await changeDraft(request, draftId, call);
    if (!answer.ok) return rejectedSubmission(submission, answer.failure);
  }
  return redirect(openTarget(draftId, intent) ?? draftPath(draftId));
}
