import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { RoleWithCount } from "#backend/schemas/roles";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { ROLE_PERMISSIONS_PAGE, isProtected } from "~/features/roles/role-catalogue";
import type { EditorAnswer } from "~/features/roles/role-editor";
import { RoleEditor } from "~/features/roles/role-editor";
import { capitalise } from "~/utils/format";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/roles/role-drawer.server";

export { action, loader } from "~/features/roles/role-drawer.server";

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const deleting = new URLSearchParams(location.search).get("confirm") === "delete";
  const role = data ? `${deleting ? "Delete " : ""}${capitalise(data.role.role)} role` : "Role";
  return [{ title: `${role} — Role Permissions — SolarDesk` }];
};

function DeleteConfirmation({ role, answer }: { role: RoleWithCount; answer: EditorAnswer }) {
  const { form, formErrors } = useLiveForm({ lastResult: answer?.result });
  const name = capitalise(role.role);
  return (
    <Form method="post" {...form} className="flex flex-col gap-3">
      <ActionToast toast={answer?.toast} />
      <p className="text-sm text-slate-700">
        Delete the role <strong>{name}</strong>? It disappears from the role lists; its history is kept.
      </p>
      {role._count.users ? (
        <p className="text-sm text-amber-800">
          {role._count.users} staff still hold this role: give them another designation first.
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
