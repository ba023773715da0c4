import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { changeDraft, loadDraft } from "~/features/sale-flow/draft.server";
import { draftPath } from "~/features/sale-flow/paths";
import { ContractFormSchema } from "~/features/sale-flow/schemas";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const draft = await loadDraft(request, params.draftId);
  return {
    draftId: draft.id,
    saved: { identification: draft.identification, nextOfKin: draft.nextOfKin, guarantor: draft.guarantor },
    customerName: draft.customer?.name ?? null,
  };
}

const PARTS = [
  ["identification", "/identification"],
  ["nextOfKin", "/next-of-kin"],
  ["guarantor", "/guarantor"],
] as const;

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const draftId = params.draftId ?? "";
  const submission = parseForm(await readFormData(request), ContractFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  // In order, each saved as it goes: a refusal stops there and shows under its field, under the part's name.
  for (const [part, rest] of PARTS) {
    const answer = await changeDraft(request, draftId, { method: "PUT", rest, body: submission.value[part] });
    if (!answer.ok)
      return rejectedSubmission(submission, answer.failure, { fieldName: (name) => `${part}.${name}` });
  }
  return redirect(draftPath(draftId));
}
