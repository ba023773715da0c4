import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DraftNextOfKinSchema } from "#backend/schemas/sale-drafts";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { loadDraft, savePart } from "~/features/sale-flow/draft.server";
import { PersonFields } from "~/features/sale-flow/part-fields";
import { draftPath } from "~/features/sale-flow/paths";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "Next of Kin — New Sale — SolarDesk" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const draft = await loadDraft(request, params.draftId);
  return { draftId: draft.id, saved: draft.nextOfKin };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), DraftNextOfKinSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  return savePart(
    request,
    params.draftId ?? "",
    { method: "PUT", rest: "/next-of-kin", body: submission.value },
    (failure) => rejectedSubmission(submission, failure),
  );
}

export default function NextOfKinRoute() {
  const { draftId, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    schema: DraftNextOfKinSchema,
    lastResult: actionData?.result,
  });
  return (
    <Modal
      title="Fill Next of Kin Details"
      hint="The customer's next of kin, for an instalment sale."
      closeTo={draftPath(draftId)}
    >
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <PersonFields
          source={{ formId: form.id, errorsAt, lastResult: actionData?.result, saved }}
          relationship
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Saving..." className="mt-2 self-start">
          Save Next of Kin
        </SubmitButton>
      </Form>
    </Modal>
  );
}
