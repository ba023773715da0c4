import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DraftIdentificationSchema } from "#backend/schemas/sale-drafts";
import { loadDraft, savePart } from "~/features/sale-flow/draft.server";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const draft = await loadDraft(request, params.draftId);
  return { draftId: draft.id, saved: draft.identification, customerName: draft.customer?.name ?? null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), DraftIdentificationSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  return savePart(
    request,
    params.draftId ?? "",
    { method: "PUT", rest: "/identification", body: submission.value },
    (failure) => rejectedSubmission(submission, failure),
  );
}
