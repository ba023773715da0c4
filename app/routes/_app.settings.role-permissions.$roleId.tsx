import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { MessageSchema } from "#backend/schemas/errors";
import type { RoleRecord } from "#backend/schemas/roles";
import { PermissionListSchema, RoleListSchema } from "#backend/schemas/roles";
import { apiRead, apiWrite } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { ROLE_PERMISSIONS_PAGE, isProtected } from "~/features/roles/role-catalogue";
import type { EditorAnswer } from "~/features/roles/role-editor";
import { RoleEditor } from "~/features/roles/role-editor";
import { failureToast, saveRole } from "~/features/roles/role-editor.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { capitalise } from "~/utils/format";
import { parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const deleting = new URLSearchParams(location.search).get("confirm") === "delete";
  const role = data ? `${deleting ? "Delete " : ""}${capitalise(data.role.role)} role` : "Role";
  return [{ title: `${role} — Role Permissions — SolarDesk` }];
};

const DeleteRoleSchema = z.object({});

async function findRole(request: Request, roleId: string | undefined) {
  const roles = await apiRead(request, "/v1/roles", RoleListSchema);
  const role = roles.find((item) => item.id === roleId);
  if (!role) throw new Response("Not Found", { status: 404 });
  return role;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const [role, permissions] = await Promise.all([
    findRole(request, params.roleId),
    apiRead(request, "/v1/permissions", PermissionListSchema),
  ]);
  return { role, permissions };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const roleId = params.roleId ?? "";
  const formData = await readFormData(request);
  if (formData.get("intent") === "delete") {
    const submission = parseForm(formData, DeleteRoleSchema);
    const answer = await apiWrite(
      request,
      { method: "DELETE", path: `/v1/roles/${encodeURIComponent(roleId)}` },
      MessageSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        toastFor: failureToast("Failed to delete role"),
      });
    }
    return redirectWithSuccess(ROLE_PERMISSIONS_PAGE, "Role deleted successfully!");
  }
  return saveRole(request, formData, roleId);
}

function DeleteConfirmation({ role, answer }: { role: RoleRecord; answer: EditorAnswer }) {
  const { form, formErrors } = useLiveForm({ lastResult: answer?.result });
  const name = capitalise(role.role);
  return (
    <Form method="post" {...form} className="flex flex-col gap-3">
      <ActionToast toast={answer?.toast} />
      <p className="text-sm text-slate-700">
        Delete the role <strong>{name}</strong>? It disappears from the role lists; its history is kept.
      </p>
      {role.userCount ? (
        <p className="text-sm text-amber-800">
          {role.userCount} staff still hold this role: give them another designation first.
        </p>
      ) : null}
      <ErrorBox errors={formErrors} />
      <div className="flex gap-3">
        <SubmitButton intent="delete" tone="danger" pendingText="Deleting...">
          Yes, Delete Role
        </SubmitButton>
        <Link
          to={`${ROLE_PERMISSIONS_PAGE}/${role.id}`}
          preventScrollReset
          className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium"
        >
          Keep Role
        </Link>
      </div>
    </Form>
  );
}

export default function EditRoleRoute() {
  const { role, permissions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const confirmDelete = new URLSearchParams(useLocation().search).get("confirm") === "delete";
  const name = capitalise(role.role);
  if (isProtected(role)) {
    return (
      <Drawer title={name} size="large" closeTo={ROLE_PERMISSIONS_PAGE}>
        <p className="text-sm text-slate-700">
          The {name} role always has full access; it cannot be renamed, deactivated or deleted, so nobody can
          lock the business out.
        </p>
      </Drawer>
    );
  }
  if (confirmDelete) {
    return (
      <Drawer title="Delete Role" size="medium" closeTo={`${ROLE_PERMISSIONS_PAGE}/${role.id}`}>
        <DeleteConfirmation role={role} answer={answer} />
      </Drawer>
    );
  }
  return (
    <Drawer title={`Edit ${name}`} size="large" closeTo={ROLE_PERMISSIONS_PAGE}>
      <RoleEditor key={role.id} role={role} permissions={permissions} answer={answer} />
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
