import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { IdentificationFields, PersonFields } from "~/features/sale-flow/part-fields";
import { draftPath } from "~/features/sale-flow/paths";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/guarantor-step.server";

export { action, loader } from "~/features/sale-flow/guarantor-step.server";

const loadGuarantorFormSchema = () =>
  import("~/features/sale-flow/schemas").then((module) => module.GuarantorFormSchema);

export const meta: MetaFunction = () => [{ title: "Guarantor — New Sale — SolarDesk" }];

export default function GuarantorRoute() {
  const { draftId, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    loadSchema: loadGuarantorFormSchema,
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
