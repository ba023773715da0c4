import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { CreatedSaleSchema } from "#backend/schemas/sales";
import { apiWrite } from "~/api.server";
import { saleProblems } from "~/features/sale-flow/draft-view";
import { changeDraft, draftApi, loadDraft } from "~/features/sale-flow/draft.server";
import { SubmitSaleSchema } from "~/features/sale-flow/schemas";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import type { ApiFailure } from "~/utils/error-catalogue";
import { messageLines } from "~/utils/error-catalogue";
import { errorToast, invalidSubmission, parseForm, readFormData } from "~/utils/forms.server";
import { SALE_CREATION_FAILED } from "~/features/sale-flow/summary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return { draft: await loadDraft(request, params.draftId) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const draftId = params.draftId ?? "";
  const submission = parseForm(await readFormData(request), SubmitSaleSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const refused = async (failure: ApiFailure) => {
    const fieldErrors = failure.fieldErrors ?? {};
    const draft = await loadDraft(request, draftId);
    const problems = saleProblems({ items: draft.items, problems: fieldErrors });
    if (!problems.length) problems.push(...messageLines(failure.message));
    const serverMessage = problems[0];
    const fault = failure.status === 0 || failure.status >= 500;
    return data(
      {
        result: submission.reply({
          fieldErrors: fieldErrors.paymentMethod ? { paymentMethod: fieldErrors.paymentMethod } : {},
        }),
        toast: errorToast(fault || !serverMessage ? SALE_CREATION_FAILED : serverMessage),
        problems: fault ? [SALE_CREATION_FAILED] : problems,
      },
      { status: failure.status === 0 ? 503 : failure.status },
    );
  };
  const { paymentMethod } = submission.value;
  if (paymentMethod) {
    const saved = await changeDraft(request, draftId, {
      method: "PUT",
      rest: "/payment-method",
      body: { paymentMethod },
    });
    if (!saved.ok) return refused(saved.failure);
  }
  const created = await apiWrite(
    request,
    { method: "POST", path: draftApi(draftId, "/submit") },
    CreatedSaleSchema,
  );
  if (!created.ok) return refused(created.failure);
  return redirectWithSuccess(
    `/sales/${encodeURIComponent(created.data.sale.id)}/payment`,
    "Sale created successfully!",
  );
}
