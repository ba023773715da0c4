import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { fieldProps } from "~/features/sale-flow/field-props";
import { SAME_AS_CUSTOMER, draftPath } from "~/features/sale-flow/paths";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/recipient-step.server";

export { action, loader } from "~/features/sale-flow/recipient-step.server";

const loadDraftRecipientSchema = () =>
  import("#backend/schemas/sale-drafts").then((module) => module.DraftRecipientSchema);

export const meta: MetaFunction = () => [{ title: "Set Recipient — New Sale — SolarDesk" }];

export default function RecipientRoute() {
  const { draftId, productName, recipient, customerName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    loadSchema: loadDraftRecipientSchema,
    lastResult: actionData?.result,
  });
  const source = { formId: form.id, errorsAt, lastResult: actionData?.result, saved: recipient };
  return (
    <Modal title="Fill Sale Recipient" hint="Who receives this product." closeTo={draftPath(draftId)}>
      <ActionToast toast={actionData?.toast} />
      <p className="mb-3 text-sm font-medium text-slate-900">{productName}</p>
      {customerName ? (
        <Form method="post" className="mb-3">
          <button
            type="submit"
            name="intent"
            value={SAME_AS_CUSTOMER}
            className="rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium hover:bg-slate-50"
          >
            Same as customer ({customerName})
          </button>
        </Form>
      ) : null}
      <Form method="post" {...form} className="flex flex-col gap-1">
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <FormInput label="First Name" autoComplete="off" {...fieldProps(source, "firstname")} />
          <FormInput label="Last Name" autoComplete="off" {...fieldProps(source, "lastname")} />
          <FormInput label="Phone Number" type="tel" autoComplete="off" {...fieldProps(source, "phone")} />
          <FormInput label="Email" type="email" autoComplete="off" {...fieldProps(source, "email")} />
        </div>
        <FormInput label="Address" autoComplete="off" {...fieldProps(source, "address")} />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Saving..." className="mt-2 self-start">
          Save Recipient
        </SubmitButton>
      </Form>
    </Modal>
  );
}
