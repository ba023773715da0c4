import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ProfileFormSchema, UserRecordSchema } from "#backend/schemas/users";
import { apiRead, apiWrite } from "~/api.server";
import { commitSessionHeaders, requireSession, toSessionUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { NOTHING_CHANGED, profileChanges } from "~/features/staff/staff-profile-form";

export async function loader({ request }: LoaderFunctionArgs) {
  const profile = await apiRead(request, "/v1/users/single", UserRecordSchema);
  return { profile, editing: new URL(request.url).searchParams.get("mode") === "edit" };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireSession(request);
  const submission = parseForm(await readFormData(request), ProfileFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const current = await apiRead(request, "/v1/users/single", UserRecordSchema);
  const changes = profileChanges(current, submission.value);
  if (Object.keys(changes).length === 0)
    return invalidSubmission(submission, { formErrors: [NOTHING_CHANGED], hideFields: ["currentPassword"] });
  const answer = await apiWrite(
    request,
    { method: "PATCH", path: "/v1/users", body: changes },
    UserRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      hideFields: ["currentPassword"],
      toastFor: (message) => message ?? "Failed to update user: Internal Server Error",
    });
  }
  // The header shows the name and role from the session, so it follows the saved record.
  const headers = await commitSessionHeaders(request, {
    token: session.token,
    user: toSessionUser(answer.data),
  });
  return redirectWithSuccess("/settings/profile", "User updated successfully!", { headers });
}
