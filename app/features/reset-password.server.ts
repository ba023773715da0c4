import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ResetPasswordSchema } from "#backend/schemas/auth";
import { callApi } from "~/api.server";
import { getSessionData } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

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
