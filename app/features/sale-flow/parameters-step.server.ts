import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PAYMENT_MODES } from "#backend/constants/products";
import { DraftParametersSchema } from "#backend/schemas/sale-drafts";
import { itemOf, loadDraft, productApi, savePart } from "~/features/sale-flow/draft.server";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const draft = await loadDraft(request, params.draftId);
  const item = itemOf(draft, params.productId);
  return {
    draftId: draft.id,
    productName: item.product.name,
    parameters: item.parameters,
    // The product's own payment modes, in the usual order (decision 017).
    modes: PAYMENT_MODES.filter((mode) => item.product.paymentModes.includes(mode)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), DraftParametersSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  return savePart(
    request,
    params.draftId ?? "",
    { method: "PUT", rest: productApi(params.productId ?? "", "parameters"), body: submission.value },
    (failure) => rejectedSubmission(submission, failure),
  );
}
