import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { FinancialSettingsInput } from "#backend/schemas/sales";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sales/financial-settings.server";

export { action, loader } from "~/features/sales/financial-settings.server";

const loadFinancialSettingsFormSchema = () =>
  import("#backend/schemas/sales").then((module) => module.FinancialSettingsFormSchema);

export const meta: MetaFunction = () => [{ title: "Financial Settings — SolarDesk" }];

const FIELDS: { name: keyof FinancialSettingsInput; label: string; hint: string }[] = [
  {
    name: "outrightMargin",
    label: "Outright margin (%)",
    hint: "Added to single-deposit items when margins apply",
  },
  { name: "loanMargin", label: "Loan margin (%)", hint: "Added to instalment items when margins apply" },
  { name: "monthlyInterest", label: "Monthly interest (%)", hint: "Charged per month of an instalment plan" },
];

export default function FinancialSettingsRoute() {
  const { percent, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadFinancialSettingsFormSchema,
    lastResult: actionData?.result,
  });
  return (
    <section
      aria-labelledby="financial-settings"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <ActionToast toast={actionData?.toast} />
      <h2 id="financial-settings" className="text-lg font-semibold">
        Financial Settings
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        New sales are priced with these; a sale keeps the values it was made with.
      </p>
      {can.write ? (
        <Form method="post" {...form} className="mt-4 flex max-w-md flex-col gap-1">
          {FIELDS.map(({ name, label, hint }) => {
            const props = field(name);
            return (
              <FormInput
                key={name}
                label={label}
                inputMode="decimal"
                hint={hint}
                required
                {...props}
                defaultValue={props.defaultValue ?? String(percent[name])}
              />
            );
          })}
          <ErrorBox errors={formErrors} />
          <SubmitButton pendingText="Saving..." className="mt-2 self-start">
            Save Settings
          </SubmitButton>
        </Form>
      ) : (
        <>
          <DetailList
            rows={FIELDS.map(({ name, label }) => [label.replace(" (%)", ""), `${percent[name]}%`])}
          />
          <p className="mt-4 text-sm text-slate-600">Only an administrator can change them.</p>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
