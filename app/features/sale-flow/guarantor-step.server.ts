import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { loadDraft, savePart } from "~/features/sale-flow/draft.server";
import { GuarantorFormSchema } from "~/features/sale-flow/schemas";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const draft = await loadDraft(request, params.draftId);
  return { draftId: draft.id, saved: draft.guarantor };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), GuarantorFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  return savePart(
    request,
    params.draftId ?? "",
    { method: "PUT", rest: "/guarantor", body: submission.value },
    (failure) => rejectedSubmission(submission, failure),
  );
}
