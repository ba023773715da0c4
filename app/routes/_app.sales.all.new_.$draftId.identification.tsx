import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { IdentificationFields } from "~/features/sale-flow/part-fields";
import { draftPath } from "~/features/sale-flow/paths";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/identification-step.server";

export { action, loader } from "~/features/sale-flow/identification-step.server";

const loadDraftIdentificationSchema = () =>
  import("#backend/schemas/sale-drafts").then((module) => module.DraftIdentificationSchema);

export const meta: MetaFunction = () => [{ title: "Identification — New Sale — SolarDesk" }];

export default function IdentificationRoute() {
  const { draftId, saved, customerName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    loadSchema: loadDraftIdentificationSchema,
    lastResult: actionData?.result,
  });
  return (
    <Modal
      title="Fill Identification Details"
      hint="The customer's identification, for an installment sale."
      closeTo={draftPath(draftId)}
    >
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <IdentificationFields
          source={{ formId: form.id, errorsAt, lastResult: actionData?.result, saved }}
          fullName={customerName ?? undefined}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Saving..." className="mt-2 self-start">
          Save Identification
        </SubmitButton>
      </Form>
    </Modal>
  );
}
