import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ROLE_PERMISSIONS_PAGE } from "~/features/roles/role-catalogue";
import { RoleEditor } from "~/features/roles/role-editor";
import type { action, loader } from "~/features/roles/new-role.server";

export { action, loader } from "~/features/roles/new-role.server";

export const meta: MetaFunction = () => [{ title: "New Role — Role Permissions — SolarDesk" }];

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
