import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { SandboxCheckoutSchema, SandboxOutcomeSchema } from "#backend/schemas/payments";
import { apiRead, apiWrite, throwFailure } from "~/api.server";
import { SandboxCheckoutFormSchema } from "~/features/sales/payment-forms";
import { requirePermission } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

const checkoutPath = (reference: string | undefined) =>
  `/v1/payment/sandbox/${encodeURIComponent(reference ?? "")}` as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "write:Sales");
  return { checkout: await apiRead(request, checkoutPath(params.reference), SandboxCheckoutSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "write:Sales");
  const formData = await readFormData(request);
  const decision = formData.get("intent") === "cancel" ? "cancel" : "pay";
  // Cancel needs no amount: a half-typed amount must not stop anyone leaving the checkout.
  const submission = parseForm(decision === "cancel" ? new FormData() : formData, SandboxCheckoutFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: decision });
  const answer = await apiWrite(
    request,
    { method: "POST", path: checkoutPath(params.reference), body: { decision, ...submission.value } },
    SandboxOutcomeSchema,
  );
  if (!answer.ok) {
    if (answer.failure.status === 404) return throwFailure(request, answer.failure);
    return rejectedSubmission(submission, answer.failure, { intent: decision });
  }
  const back = new URLSearchParams({ status: answer.data.status, tx_ref: answer.data.tx_ref });
  if (answer.data.transaction_id) back.set("transaction_id", answer.data.transaction_id);
  return redirect(`/sales/${encodeURIComponent(answer.data.saleId)}?${back}`);
}
