import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CustomerRecordSchema } from "#backend/schemas/customers";
import { DraftRecipientSchema } from "#backend/schemas/sale-drafts";
import { apiReadOrFailure } from "~/api.server";
import { itemOf, loadDraft, productApi, savePart } from "~/features/sale-flow/draft.server";
import { SAME_AS_CUSTOMER } from "~/features/sale-flow/paths";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const draft = await loadDraft(request, params.draftId);
  const item = itemOf(draft, params.productId);
  return {
    draftId: draft.id,
    productName: item.product.name,
    recipient: item.recipient,
    customerName: draft.customer?.name ?? null,
  };
}

// "Same as customer" copies the customer's record, so the customer page and the sale never disagree.
async function customerAsRecipient(request: Request, draftId: string | undefined, formData: FormData) {
  const draft = await loadDraft(request, draftId);
  const fields = new FormData();
  if (draft.customer) {
    const customer = await apiReadOrFailure(
      request,
      `/v1/customers/single/${encodeURIComponent(draft.customer.id)}`,
      CustomerRecordSchema,
    );
    if (customer.ok) {
      const { firstname, lastname, location, phone, email } = customer.data;
      for (const [name, value] of Object.entries({ firstname, lastname, address: location, phone, email }))
        fields.set(name, value);
      return fields;
    }
  }
  return formData;
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const sent = await readFormData(request);
  const formData =
    sent.get("intent") === SAME_AS_CUSTOMER ? await customerAsRecipient(request, params.draftId, sent) : sent;
  const submission = parseForm(formData, DraftRecipientSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  return savePart(
    request,
    params.draftId ?? "",
    { method: "PUT", rest: productApi(params.productId ?? "", "recipient"), body: submission.value },
    (failure) => rejectedSubmission(submission, failure),
  );
}
