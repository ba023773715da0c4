import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { PASSWORD_HINT } from "~/features/set-password";
import { useLiveForm } from "~/utils/use-live-form";
import type { action } from "~/features/staff/change-password.server";

export { action, loader } from "~/features/staff/change-password.server";

const loadChangePasswordSchema = () =>
  import("#backend/schemas/auth").then((module) => module.ChangePasswordSchema);

export const meta: MetaFunction = () => [{ title: "Change Password — SolarDesk" }];

export default function ChangePasswordRoute() {
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadChangePasswordSchema,
    lastResult: actionData?.result,
  });
  return (
    <section className="max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold">Change Password</h2>
      <p className="mt-1 text-sm text-slate-600">
        You stay signed in here; every other session of yours is signed out.
      </p>
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...form} className="mt-4 flex flex-col gap-1">
        <FormInput
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...field("oldPassword")}
        />
        <FormInput
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...field("password")}
        />
        <FormInput
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          {...field("confirmPassword")}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Saving..." className="mt-2 self-start">
          Update Password
        </SubmitButton>
      </Form>
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
