import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PRICING_RULES, PRICING_RULE_HINTS, PRICING_RULE_LABELS } from "#backend/constants/pricing";
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

const FIELDS: { name: "outrightMargin" | "loanMargin" | "monthlyInterest"; label: string; hint: string }[] = [
  {
    name: "outrightMargin",
    label: "Outright margin (%)",
    hint: "Added to single-deposit items under cost plus margin",
  },
  { name: "loanMargin", label: "Loan margin (%)", hint: "Added to installment items under cost plus margin" },
  {
    name: "monthlyInterest",
    label: "Monthly interest (%)",
    hint: "Charged per month of an installment plan",
  },
];

export default function FinancialSettingsRoute() {
  const { pricingRule, percent, can } = useLoaderData<typeof loader>();
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
          <PricingRuleChoice chosen={pricingRule} field={field("pricingRule")} />
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
            rows={[
              ["Pricing rule", PRICING_RULE_LABELS[pricingRule]],
              ...FIELDS.map(({ name, label }): [string, string] => [
                label.replace(" (%)", ""),
                `${percent[name]}%`,
              ]),
            ]}
          />
          <p className="mt-2 text-sm text-slate-600">{PRICING_RULE_HINTS[pricingRule]}</p>
          <p className="mt-4 text-sm text-slate-600">Only an administrator can change them.</p>
        </>
      )}
    </section>
  );
}

/** Radios, not a select: each rule's hint is read beside it, and either works without JavaScript. */
function PricingRuleChoice({
  chosen,
  field,
}: {
  chosen: (typeof PRICING_RULES)[number];
  field: { id: string; name: string; defaultValue?: string; errors?: string[]; errorId: string };
}) {
  const checked = field.defaultValue ?? chosen;
  return (
    <fieldset
      className="mb-3 flex flex-col gap-2"
      aria-describedby={field.errors?.length ? field.errorId : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-700">Pricing rule</legend>
      {PRICING_RULES.map((rule) => (
        <label key={rule} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={field.name}
            value={rule}
            defaultChecked={checked === rule}
            className="mt-1 focus:ring-2 focus:ring-brand-500"
            aria-describedby={`${field.id}-${rule}-hint`}
          />
          <span>
            <span className="font-medium">{PRICING_RULE_LABELS[rule]}</span>
            <span id={`${field.id}-${rule}-hint`} className="block text-slate-600">
              {PRICING_RULE_HINTS[rule]}
            </span>
          </span>
        </label>
      ))}
      <div id={field.errorId} className="min-h-[1rem] text-xs text-red-700">
        {field.errors?.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </fieldset>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
