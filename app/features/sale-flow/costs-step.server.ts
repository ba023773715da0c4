import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { initialCostRows } from "~/features/sale-flow/cost-rows";
import {
  costRowsOf,
  itemOf,
  loadDraft,
  productApi,
  savePart,
  withRows,
} from "~/features/sale-flow/draft.server";
import { CostsFormSchema } from "~/features/sale-flow/schemas";
import { requireUser } from "~/session.server";
import {
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
  steeringAnswer,
} from "~/utils/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const draft = await loadDraft(request, params.draftId);
  const item = itemOf(draft, params.productId);
  return { draftId: draft.id, productName: item.product.name, rows: initialCostRows(item.miscellaneous) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const draftId = params.draftId ?? "";
  const productId = params.productId ?? "";
  const formData = await readFormData(request);
  const { intent, rows } = costRowsOf(formData);
  const submission = parseForm(formData, CostsFormSchema);
  if (intent.kind !== "save") return withRows(steeringAnswer(submission, "rows"), rows);
  if (submission.status !== "success") return withRows(invalidSubmission(submission), rows);
  const { costs } = submission.value;
  return savePart(
    request,
    draftId,
    // No row left: the item has no miscellaneous costs (spec §4 "Clearing miscellaneous costs").
    costs?.length
      ? { method: "PUT", rest: productApi(productId, "miscellaneous"), body: { costs } }
      : { method: "DELETE", rest: productApi(productId, "miscellaneous") },
    (failure) => withRows(rejectedSubmission(submission, failure), rows),
  );
}
