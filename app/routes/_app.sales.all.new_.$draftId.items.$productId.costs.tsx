import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { CostRowsFields } from "~/features/sale-flow/cost-fields";
import { draftPath } from "~/features/sale-flow/paths";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/costs-step.server";

export { action, loader } from "~/features/sale-flow/costs-step.server";

const loadCostsFormSchema = () =>
  import("~/features/sale-flow/schemas").then((module) => module.CostsFormSchema);

export const meta: MetaFunction = () => [{ title: "Set Miscellaneous Costs — New Sale — SolarDesk" }];

export default function CostsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    loadSchema: loadCostsFormSchema,
    lastResult: actionData?.result,
  });
  const rows = actionData?.rows ?? loaded.rows;
  const listErrors = errorsAt("costs") ?? [];
  return (
    <Modal
      title="Set Miscellaneous Costs"
      hint="Add any other cost of this product, such as delivery."
      closeTo={draftPath(loaded.draftId)}
    >
      <ActionToast toast={actionData?.toast} />
      <p className="mb-3 text-sm font-medium text-slate-900">{loaded.productName}</p>
      <Form method="post" {...form} className="flex flex-col gap-2">
        {/* The default button: Enter in a field saves rather than removing the first row. */}
        <button type="submit" name="intent" value="save" hidden />
        {rows.length === 0 ? <p className="text-sm text-slate-600">No costs. Save to clear them.</p> : null}
        <CostRowsFields rows={rows} formId={form.id} errorsAt={errorsAt} />
        <ErrorBox errors={[...listErrors, ...formErrors]} />
        <SubmitButton intent="save" pendingText="Saving..." className="mt-2 self-start">
          Save Miscellaneous Costs
        </SubmitButton>
      </Form>
    </Modal>
  );
}
