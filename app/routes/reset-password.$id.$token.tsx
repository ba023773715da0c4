import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ResetPasswordSchema } from "#backend/schemas/auth";
import { callApi } from "~/api.server";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { ActionToast } from "~/components/toaster";
import { AuthLayout, primaryButton } from "~/features/auth-layout";
import { getSessionData } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { fieldProps, parseForm } from "~/utils/forms";
import { invalidSubmission, rejectedSubmission } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Reset your password — SolarDesk" }];

const HIDDEN = ["newPassword", "confirmNewPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionData(request)) throw redirect("/home");
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (await getSessionData(request)) throw redirect("/home");
  const formData = await request.formData();
  // The user and token come from the link, never from the form.
  formData.set("userid", params.id ?? "");
  formData.set("resetToken", params.token ?? "");
  const submission = parseForm(formData, ResetPasswordSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields: HIDDEN });
  const answer = await callApi({
    method: "POST",
    path: "/v1/auth/reset-password",
    body: submission.value,
    from: request,
  });
  if (!answer.ok) return rejectedSubmission(submission, answer.failure, { hideFields: HIDDEN });
  return redirectWithSuccess("/", "Password successfully updated!");
}

export default function ResetPasswordRoute() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({ id: "reset-password", lastResult: actionData?.result });
  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password for your account.">
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-2">
        <FormInput
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters, with a letter and a digit."
          {...fieldProps(fields.newPassword)}
        />
        <FormInput label="Confirm New Password" type="password" autoComplete="new-password" {...fieldProps(fields.confirmNewPassword)} />
        <ErrorBox id={form.errorId} errors={form.errors} />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Saving..." : "Reset Password"}
        </button>
      </Form>
    </AuthLayout>
  );
}
