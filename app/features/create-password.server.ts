import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { CreatePasswordSchema } from "#backend/schemas/auth";
import { callApi } from "~/api.server";
import { getSessionData } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionData(request)) throw redirect("/home");
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (await getSessionData(request)) throw redirect("/home");
  const submission = parseForm(await readFormData(request), CreatePasswordSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields: HIDDEN });
  const answer = await callApi({
    method: "POST",
    path: `/v1/auth/create-user-password/${encodeURIComponent(params.id ?? "")}/${encodeURIComponent(params.token ?? "")}`,
    body: submission.value,
    from: request,
  });
  if (!answer.ok) return rejectedSubmission(submission, answer.failure, { hideFields: HIDDEN });
  return redirectWithSuccess("/", "Password succesfully created!");
}
