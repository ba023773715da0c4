import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ForgotPasswordSchema, LoginSchema } from "#backend/schemas/auth";
import { callApi } from "~/api.server";
import { LoginError, authenticator } from "~/auth.server";
import { commitSessionHeaders, getSessionData } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import {
  errorToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
} from "~/utils/forms.server";
import { safeRedirect } from "~/utils/redirect";

export type SignInMode = "login" | "forgot";

/** Signed-in users never see the sign-in screen: they go where they were heading, or home. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirect");
  if (await getSessionData(request)) throw redirect(safeRedirect(redirectTo));
  const mode: SignInMode = url.searchParams.get("mode") === "forgot" ? "forgot" : "login";
  return { mode, redirectTo: safeRedirect(redirectTo, "") };
}

export async function action({ request }: ActionFunctionArgs) {
  if (await getSessionData(request))
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect")));
  // remix-auth reads the body itself, so this reads a copy.
  const formData = await readFormData(request.clone());
  return formData.get("intent") === "forgot" ? requestReset(request, formData) : signIn(request, formData);
}

async function signIn(request: Request, formData: FormData) {
  const submission = parseForm(formData, LoginSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields: ["password"] });
  try {
    const session = await authenticator.authenticate("user-pass", request);
    return redirectWithSuccess(safeRedirect(formData.get("redirectTo")), "Login Successful!", {
      headers: await commitSessionHeaders(request, session),
    });
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    // Said once, in the spec's toast (rendered by the server, so it shows without JavaScript too).
    return invalidSubmission(submission, {
      hideFields: ["password"],
      toast: errorToast(error.message ? `Login failed: ${error.message}` : "Login failed"),
      status: error.status,
    });
  }
}

async function requestReset(request: Request, formData: FormData) {
  const submission = parseForm(formData, ForgotPasswordSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await callApi({
    method: "POST",
    path: "/v1/auth/forgot-password",
    body: submission.value,
    from: request,
  });
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      toastFor: (message) => (message ? `Forgot password failed: ${message}` : "Failed to send reset email"),
    });
  }
  const back = new URL(request.url);
  back.searchParams.delete("mode");
  back.searchParams.delete("index");
  return redirectWithSuccess(`${back.pathname}${back.search}`, "Password reset email sent!");
}
