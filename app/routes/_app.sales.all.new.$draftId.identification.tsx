import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DraftIdentificationSchema } from "#backend/schemas/sale-drafts";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { loadDraft, savePart } from "~/features/sale-flow/draft.server";
import { IdentificationFields } from "~/features/sale-flow/part-fields";
import { draftPath } from "~/features/sale-flow/paths";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "Identification — New Sale — SolarDesk" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const draft = await loadDraft(request, params.draftId);
  return { draftId: draft.id, saved: draft.identification };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), DraftIdentificationSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  return savePart(
    request,
    params.draftId ?? "",
    { method: "PUT", rest: "/identification", body: submission.value },
    (failure) => rejectedSubmission(submission, failure),
  );
}

export default function IdentificationRoute() {
  const { draftId, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    schema: DraftIdentificationSchema,
    lastResult: actionData?.result,
  });
  return (
    <Modal
      title="Fill Identification Details"
      hint="The customer's identification, for an instalment sale."
      closeTo={draftPath(draftId)}
    >
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <IdentificationFields source={{ formId: form.id, errorsAt, lastResult: actionData?.result, saved }} />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Saving..." className="mt-2 self-start">
          Save Identification
        </SubmitButton>
      </Form>
    </Modal>
  );
}
