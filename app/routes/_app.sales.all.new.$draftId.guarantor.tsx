import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { loadDraft, savePart } from "~/features/sale-flow/draft.server";
import { IdentificationFields, PersonFields } from "~/features/sale-flow/part-fields";
import { draftPath } from "~/features/sale-flow/paths";
import { GuarantorFormSchema } from "~/features/sale-flow/schemas";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "Guarantor — New Sale — SolarDesk" }];

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

export default function GuarantorRoute() {
  const { draftId, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    schema: GuarantorFormSchema,
    lastResult: actionData?.result,
  });
  const source = { formId: form.id, errorsAt, lastResult: actionData?.result, saved };
  return (
    <Modal
      title="Fill Guarantor Details"
      hint="The person who stands for the customer, with their identification."
      closeTo={draftPath(draftId)}
    >
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <PersonFields source={source} relationship={false} />
        <fieldset className="mt-2 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Guarantor&apos;s identification</legend>
          <IdentificationFields source={source} prefix="identificationDetails." />
        </fieldset>
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Saving..." className="mt-2 self-start">
          Save Guarantor
        </SubmitButton>
      </Form>
    </Modal>
  );
}
