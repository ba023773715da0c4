import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { IdentificationFields, PersonFields } from "~/features/sale-flow/part-fields";
import { draftPath } from "~/features/sale-flow/paths";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/contract-step.server";

export { action, loader } from "~/features/sale-flow/contract-step.server";

const loadContractFormSchema = () =>
  import("~/features/sale-flow/schemas").then((module) => module.ContractFormSchema);

export const meta: MetaFunction = () => [{ title: "Contract Details — New Sale — SolarDesk" }];

const sectionClass = "flex flex-col gap-1 rounded-xl border border-slate-200 p-3";
const legendClass = "px-1 text-sm font-semibold text-slate-900";

/**
 * An instalment sale's identification, next of kin and guarantor on one page and one Save (issue 25 #8);
 * the three windows stay for one part at a time.
 */
export default function ContractRoute() {
  const { draftId, saved, customerName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    loadSchema: loadContractFormSchema,
    lastResult: actionData?.result,
  });
  const source = { formId: form.id, errorsAt, lastResult: actionData?.result, saved };
  return (
    <Modal
      title="Contract Details"
      hint="The customer's identification, next of kin and guarantor, saved together."
      closeTo={draftPath(draftId)}
    >
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...form} className="flex flex-col gap-3">
        <fieldset className={sectionClass}>
          <legend className={legendClass}>Identification</legend>
          <IdentificationFields
            source={source}
            prefix="identification."
            fullName={customerName ?? undefined}
          />
        </fieldset>
        <fieldset className={sectionClass}>
          <legend className={legendClass}>Next of Kin</legend>
          <PersonFields source={source} relationship prefix="nextOfKin." />
        </fieldset>
        <fieldset className={sectionClass}>
          <legend className={legendClass}>Guarantor</legend>
          <PersonFields source={source} relationship={false} prefix="guarantor." />
          <fieldset className="mt-2 rounded-xl border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">
              Guarantor&apos;s identification
            </legend>
            <IdentificationFields source={source} prefix="guarantor.identificationDetails." />
          </fieldset>
        </fieldset>
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Saving..." className="self-start">
          Save Contract Details
        </SubmitButton>
      </Form>
    </Modal>
  );
}
