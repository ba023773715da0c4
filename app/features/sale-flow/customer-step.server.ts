import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { CustomerListSchema } from "#backend/schemas/customers";
import { apiReadOrFailure } from "~/api.server";
import { PICKER_PAGE_SIZE, readPickerQuery, selectedCustomer } from "~/features/sale-flow/draft-view";
import { changeDraft, loadDraft } from "~/features/sale-flow/draft.server";
import { draftPath } from "~/features/sale-flow/paths";
import { SelectCustomerSchema } from "~/features/sale-flow/schemas";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const { search, page } = readPickerQuery(url.searchParams);
  const [draft, customers] = await Promise.all([
    loadDraft(request, params.draftId),
    apiReadOrFailure(request, "/v1/customers", CustomerListSchema, { page, limit: PICKER_PAGE_SIZE, search }),
  ]);
  return {
    draftId: draft.id,
    search,
    customers: customers.ok ? customers.data : null,
    selected: selectedCustomer(url.searchParams, draft.customer?.id ?? null),
    // Kept in the URL so paging and searching do not lose a pending choice.
    selectedParam: url.searchParams.has("selected") ? (url.searchParams.get("selected") ?? "") : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const draftId = params.draftId ?? "";
  const submission = parseForm(await readFormData(request), SelectCustomerSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await changeDraft(request, draftId, {
    method: "PUT",
    rest: "/customer",
    body: { customerId: submission.value.customerId },
  });
  if (!answer.ok) return rejectedSubmission(submission, answer.failure);
  return redirect(draftPath(draftId));
}
