import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RoleListSchema } from "#backend/schemas/roles";
import { AddUserSchema, UserRecordSchema } from "#backend/schemas/users";
import { apiReadOrFailure, apiWriteOrRefusal, throwFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { messageLines } from "~/utils/error-catalogue";
import { capitalise } from "~/utils/format";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
} from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";
import { can } from "~/utils/permissions";

const NO_PERMISSION = "You don't have permission to create a new user";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Someone who may read staff but not add them (a link, a bookmark) is told so on the form itself.
  if (!can(user, "write:Users")) return { roles: [], rolesProblem: NO_PERMISSION };
  const roles = await apiReadOrFailure(request, "/v1/roles", RoleListSchema);
  if (roles.ok)
    return {
      // Inviting with a role grants its permissions: the API refuses a role holding more than the inviter's.
      roles: roles.data
        .filter((role) => role.permissions.every(({ action, subject }) => can(user, `${action}:${subject}`)))
        .map((role) => ({ value: role.id, label: capitalise(role.role) })),
      rolesProblem: null,
    };
  return {
    roles: [],
    rolesProblem: roles.failure.status === 403 ? NO_PERMISSION : "Failed to fetch user roles.",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readFormData(request), AddUserSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWriteOrRefusal(
    request,
    { method: "POST", path: "/v1/auth/add-user", body: submission.value },
    UserRecordSchema,
  );
  if (!answer.ok) {
    if (answer.failure.status === 403) {
      // Someone who may add staff is refused only for the role (one holding more than they do, perhaps
      // since the form was opened): a problem of one field, answered under it like any other.
      if (!can(user, "write:Users")) return throwFailure(request, answer.failure);
      const role = messageLines(answer.failure.message);
      return rejectedSubmission(submission, { status: 400, fieldErrors: { role } });
    }
    return rejectedSubmission(submission, answer.failure, {
      toastFor: creationFailedToast("User creation failed: Internal Server Error"),
    });
  }
  return redirectWithSuccess(
    listHref("/settings/users", new URL(request.url).search),
    "User created successfully!",
  );
}
