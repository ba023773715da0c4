import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RoleListSchema } from "#backend/schemas/roles";
import { AddUserSchema, UserRecordSchema } from "#backend/schemas/users";
import { apiReadOrFailure, apiWriteOrRefusal, throwFailure } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
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
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "New User — SolarDesk" }];

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

export default function NewUserRoute() {
  const { roles, rolesProblem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({ schema: AddUserSchema, lastResult: actionData?.result });
  const role = field("role");
  return (
    <Drawer title="New User" size="medium" closeTo={listHref("/settings/users", location.search)}>
      <ActionToast toast={actionData?.toast} />
      <p className="mb-4 text-sm text-slate-600">
        They will receive an e-mail with a link to create their password.
      </p>
      <Form method="post" {...form} className="flex flex-col gap-1">
        <FormInput label="Email" type="email" autoComplete="off" {...field("email")} />
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <FormInput label="First Name" {...field("firstname")} />
          <FormInput label="Last Name" {...field("lastname")} />
        </div>
        <FormInput label="Phone Number" type="tel" {...field("phone")} />
        <FormSelect
          label="Role"
          placeholder="Select a role"
          options={roles}
          unavailable={rolesProblem ?? undefined}
          {...role}
        />
        <FormInput label="Location" {...field("location")} />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Creating..." disabled={Boolean(rolesProblem)} className="mt-2">
          Create User
        </SubmitButton>
      </Form>
    </Drawer>
  );
}
