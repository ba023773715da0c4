import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { z } from "zod";
import { ChangePasswordSchema } from "#backend/schemas/auth";
import { apiWrite } from "~/api.server";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { PASSWORD_HINT } from "~/features/set-password";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "Change Password — SolarDesk" }];

const HIDDEN = ["oldPassword", "password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), ChangePasswordSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields: HIDDEN });
  const answer = await apiWrite(
    request,
    { method: "POST", path: "/v1/auth/change-password", body: submission.value },
    z.object({ message: z.string() }),
  );
  if (!answer.ok) return rejectedSubmission(submission, answer.failure, { hideFields: HIDDEN });
  // The backend keeps this session and signs the account out everywhere else.
  return redirectWithSuccess("/settings/change-password", "Password successfully updated!");
}

export default function ChangePasswordRoute() {
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    schema: ChangePasswordSchema,
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
