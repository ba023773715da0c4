import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { SaleDraftListSchema, SaleDraftSchema } from "#backend/schemas/sale-drafts";
import { MessageSchema } from "#backend/schemas/errors";
import { apiRead, apiWrite, throwFailure } from "~/api.server";
import { draftApi } from "~/features/sale-flow/draft.server";
import { NEW_SALE_PATH, draftPath } from "~/features/sale-flow/paths";
import { DeleteDraftSchema, NewSaleForCustomerSchema } from "~/features/sale-flow/schemas";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { drafts } = await apiRead(request, "/v1/sales/drafts", SaleDraftListSchema);
  const confirm = new URL(request.url).searchParams.get("confirm");
  return { drafts, confirm: drafts.some((draft) => draft.id === confirm) ? confirm : null };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "delete") {
    const submission = parseForm(formData, DeleteDraftSchema);
    if (submission.status !== "success") return invalidSubmission(submission);
    const answer = await apiWrite(
      request,
      { method: "DELETE", path: draftApi(submission.value.draftId) },
      MessageSchema,
    );
    if (!answer.ok) return rejectedSubmission(submission, answer.failure);
    return redirectWithSuccess(NEW_SALE_PATH, "Draft deleted");
  }
  const forCustomer =
    formData.get("intent") === "for-customer" ? parseForm(formData, NewSaleForCustomerSchema) : null;
  if (forCustomer && forCustomer.status !== "success") return invalidSubmission(forCustomer);
  const answer = await apiWrite(request, { method: "POST", path: "/v1/sales/drafts" }, SaleDraftSchema);
  if (!answer.ok) return throwFailure(request, answer.failure);
  if (forCustomer?.status === "success") {
    const chosen = await apiWrite(
      request,
      {
        method: "PUT",
        path: draftApi(answer.data.id, "/customer"),
        body: { customerId: forCustomer.value.customerId },
      },
      SaleDraftSchema,
    );
    // A customer the draft refuses (removed meanwhile) is said so on the New Sales panel.
    if (!chosen.ok) return rejectedSubmission(forCustomer, chosen.failure);
  }
  return redirect(draftPath(answer.data.id));
}
