import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ResetPasswordSchema } from "#backend/schemas/auth";
import { callApi } from "~/api.server";
import { SetPasswordScreen } from "~/features/set-password";
import { getSessionData } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Reset your password — SolarDesk" }];

const HIDDEN = ["newPassword", "confirmNewPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionData(request)) throw redirect("/home");
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (await getSessionData(request)) throw redirect("/home");
  const formData = await readFormData(request);
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
  return (
    <SetPasswordScreen
      title="Reset your password"
      subtitle="Choose a new password for your account."
      fields={[
        { name: "newPassword", label: "New Password" },
        { name: "confirmNewPassword", label: "Confirm New Password" },
      ]}
      submitLabel="Reset Password"
      actionData={useActionData<typeof action>()}
    />
  );
}
