import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { PersonFields } from "~/features/sale-flow/part-fields";
import { draftPath } from "~/features/sale-flow/paths";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/next-of-kin-step.server";

export { action, loader } from "~/features/sale-flow/next-of-kin-step.server";

const loadDraftNextOfKinSchema = () =>
  import("#backend/schemas/sale-drafts").then((module) => module.DraftNextOfKinSchema);

export const meta: MetaFunction = () => [{ title: "Next of Kin — New Sale — SolarDesk" }];

export default function NextOfKinRoute() {
  const { draftId, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    loadSchema: loadDraftNextOfKinSchema,
    lastResult: actionData?.result,
  });
  return (
    <Modal
      title="Fill Next of Kin Details"
      hint="The customer's next of kin, for an installment sale."
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
