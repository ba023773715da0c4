import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ChangePasswordSchema } from "#backend/schemas/auth";
import { apiWrite } from "~/api.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

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
