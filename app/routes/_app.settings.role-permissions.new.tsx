import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PermissionListSchema } from "#backend/schemas/roles";
import { apiRead } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ROLE_PERMISSIONS_PAGE } from "~/features/roles/role-catalogue";
import { RoleEditor } from "~/features/roles/role-editor";
import { saveRole } from "~/features/roles/role-editor.server";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "New Role — Role Permissions — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { permissions: await apiRead(request, "/v1/permissions", PermissionListSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return saveRole(request, await readFormData(request));
}

export default function NewRoleRoute() {
  const { permissions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <Drawer title="New Role" size="large" closeTo={ROLE_PERMISSIONS_PAGE}>
      <RoleEditor role={null} permissions={permissions} answer={answer} />
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
