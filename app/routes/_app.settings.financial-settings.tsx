import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { FinancialSettingsInput } from "#backend/schemas/sales";
import { FinancialSettingsFormSchema, FinancialSettingsSchema } from "#backend/schemas/sales";
import { apiRead, apiWrite } from "~/api.server";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { requirePermission, requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";
import { useLiveForm } from "~/utils/use-live-form";

const PAGE = "/settings/financial-settings";

export const meta: MetaFunction = () => [{ title: "Financial Settings — SolarDesk" }];

/** The API speaks fractions (0.2), people percentages (20); converted through basis points, exactly. */
const toPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;
const toFraction = (percent: number) => Math.round(percent * 100) / 10_000;

const FIELDS: { name: keyof FinancialSettingsInput; label: string; hint: string }[] = [
  {
    name: "outrightMargin",
    label: "Outright margin (%)",
    hint: "Added to single-deposit items when margins apply",
  },
  { name: "loanMargin", label: "Loan margin (%)", hint: "Added to instalment items when margins apply" },
  { name: "monthlyInterest", label: "Monthly interest (%)", hint: "Charged per month of an instalment plan" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const settings = await apiRead(request, "/v1/sales/financial-settings", FinancialSettingsSchema);
  return {
    percent: {
      outrightMargin: toPercent(settings.outrightMargin),
      loanMargin: toPercent(settings.loanMargin),
      monthlyInterest: toPercent(settings.monthlyInterest),
    },
    can: canFlags(user, { write: "manage:all" }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "manage:all");
  const submission = parseForm(await readFormData(request), FinancialSettingsFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { outrightMargin, loanMargin, monthlyInterest } = submission.value;
  const answer = await apiWrite(
    request,
    {
      method: "PUT",
      path: "/v1/sales/financial-settings",
      body: {
        outrightMargin: toFraction(outrightMargin),
        loanMargin: toFraction(loanMargin),
        monthlyInterest: toFraction(monthlyInterest),
      },
    },
    FinancialSettingsSchema,
  );
  if (!answer.ok) return rejectedSubmission(submission, answer.failure);
  return redirectWithSuccess(PAGE, "Financial settings saved");
}

export default function FinancialSettingsRoute() {
  const { percent, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    schema: FinancialSettingsFormSchema,
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
