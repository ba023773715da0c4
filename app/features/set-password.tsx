import { Form } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import type { ToastData } from "~/components/toaster";
import { ActionToast } from "~/components/toaster";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";
import { AuthLayout } from "./auth-layout";

export const PASSWORD_HINT = "At least 8 characters, with a letter and a digit.";

type SetPasswordProps = {
  title: string;
  subtitle: string;
  fields: [{ name: string; label: string }, { name: string; label: string }];
  submitLabel: string;
  actionData: { result: FormResult; toast: ToastData | null } | undefined;
};

/** The spec has these screens do no validation in the browser: the server's rules answer. */
export function SetPasswordScreen({ title, subtitle, fields, submitLabel, actionData }: SetPasswordProps) {
  const { form, field, formErrors } = useLiveForm({ lastResult: actionData?.result });
  const [password, confirmation] = fields;
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...form} className="flex flex-col gap-2">
        <FormInput
          label={password.label}
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...field(password.name)}
        />
        <FormInput
          label={confirmation.label}
          type="password"
          autoComplete="new-password"
          {...field(confirmation.name)}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Saving..." className="w-full">
          {submitLabel}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
