import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { MAX_COST_ROWS } from "~/features/sale-flow/cost-rows";
import { draftPath } from "~/features/sale-flow/paths";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/costs-step.server";

export { action, loader } from "~/features/sale-flow/costs-step.server";

const loadCostsFormSchema = () =>
  import("~/features/sale-flow/schemas").then((module) => module.CostsFormSchema);

export const meta: MetaFunction = () => [{ title: "Set Miscellaneous Costs — New Sale — SolarDesk" }];

const smallButton =
  "rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";

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
        <ul aria-label="Miscellaneous costs" className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const nameField = `costs[${index}].name`;
            const costField = `costs[${index}].cost`;
            const nameErrors = errorsAt(nameField);
            const costErrors = errorsAt(costField);
            const id = `${form.id}-cost-${index}`;
            return (
              <li
                key={`${index}:${row.name}:${row.cost}:${rows.length}`}
                className="flex flex-wrap items-start gap-2"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <label htmlFor={`${id}-name`} className="text-xs font-medium text-slate-700">
                    Cost name {index + 1}
                  </label>
                  <input
                    id={`${id}-name`}
                    name={nameField}
                    defaultValue={row.name}
                    aria-invalid={nameErrors?.length ? true : undefined}
                    aria-describedby={nameErrors?.length ? `${id}-name-error` : undefined}
                    className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
                  />
                  <div id={`${id}-name-error`} className="min-h-[1rem] text-xs text-red-700">
                    {nameErrors?.map((message) => (
                      <p key={message}>{message}</p>
                    ))}
                  </div>
                </div>
                <div className="flex w-32 flex-col gap-1">
                  <label htmlFor={`${id}-cost`} className="text-xs font-medium text-slate-700">
                    Cost {index + 1} (₦)
                  </label>
                  <input
                    id={`${id}-cost`}
                    name={costField}
                    defaultValue={row.cost}
                    inputMode="decimal"
                    aria-invalid={costErrors?.length ? true : undefined}
                    aria-describedby={costErrors?.length ? `${id}-cost-error` : undefined}
                    className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
                  />
                  <div id={`${id}-cost-error`} className="min-h-[1rem] text-xs text-red-700">
                    {costErrors?.map((message) => (
                      <p key={message}>{message}</p>
                    ))}
                  </div>
                </div>
                <button
                  type="submit"
                  name="intent"
                  value={`remove-row:${index}`}
                  formNoValidate
                  aria-label={`Remove cost ${index + 1}`}
                  className={`${smallButton} mt-6`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
        <div>
          <button
            type="submit"
            name="intent"
            value="add-row"
            formNoValidate
            disabled={rows.length >= MAX_COST_ROWS}
            className={smallButton}
          >
            Add cost
          </button>
        </div>
        <ErrorBox errors={[...listErrors, ...formErrors]} />
        <SubmitButton intent="save" pendingText="Saving..." className="mt-2 self-start">
          Save Miscellaneous Costs
        </SubmitButton>
      </Form>
    </Modal>
  );
}
