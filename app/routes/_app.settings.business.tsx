import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sales/business-settings.server";

export { action, loader } from "~/features/sales/business-settings.server";

const loadBusinessSettingsSchema = () =>
  import("#backend/schemas/business").then((module) => module.BusinessSettingsSchema);

export const meta: MetaFunction = () => [{ title: "Business — SolarDesk" }];

const FIELDS = [
  { name: "name", label: "Business Name", autoComplete: "organization" },
  { name: "address", label: "Address", autoComplete: "street-address" },
  { name: "phone", label: "Phone Number", autoComplete: "tel" },
] as const;

export default function BusinessSettingsRoute() {
  const { business, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadBusinessSettingsSchema,
    lastResult: actionData?.result,
  });
  return (
    <section
      aria-labelledby="business-settings"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <ActionToast toast={actionData?.toast} />
      <h2 id="business-settings" className="text-lg font-semibold">
        Business
      </h2>
      <p className="mt-1 text-sm text-slate-600">Printed at the top of every receipt customers get.</p>
      {can.write ? (
        <Form method="post" {...form} className="mt-4 flex max-w-md flex-col gap-1">
          {FIELDS.map(({ name, label, autoComplete }) => {
            const props = field(name);
            return (
              <FormInput
                key={name}
                label={label}
                autoComplete={autoComplete}
                type={name === "phone" ? "tel" : "text"}
                required
                {...props}
                defaultValue={props.defaultValue ?? business[name]}
              />
            );
          })}
          <ErrorBox errors={formErrors} />
          <SubmitButton pendingText="Saving..." className="mt-2 self-start">
            Save Business Details
          </SubmitButton>
        </Form>
      ) : (
        <>
          <DetailList rows={FIELDS.map(({ name, label }) => [label, business[name] || "Not set yet"])} />
          <p className="mt-4 text-sm text-slate-600">Only an administrator can change them.</p>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
