import type { MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import type { RoleWithCount } from "#backend/schemas/roles";
import { EmptyState } from "~/components/empty-state";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ROLE_PERMISSIONS_PAGE, isProtected, permissionChips } from "~/features/roles/role-catalogue";
import { capitalise } from "~/utils/format";
import type { loader } from "~/features/roles/role-list.server";

export { loader } from "~/features/roles/role-list.server";

export const meta: MetaFunction = () => [{ title: "Role Permissions — SolarDesk" }];

const staffCount = (count: number) => (count === 0 ? "No staff" : `${count} staff`);

function RoleCard({ role, can }: { role: RoleWithCount; can: { write: boolean } }) {
  const name = capitalise(role.role);
  const chips = permissionChips(role.permissions);
  const titleId = `role-${role.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="flex items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {name}
          </h3>
          <p className="mt-0.5 text-xs text-slate-600">
            <span className={role.active ? "text-green-800" : "text-red-800"}>
              {role.active ? "Active" : "Inactive"}
            </span>
            {` · ${staffCount(role._count.users)}`}
          </p>
        </div>
        {isProtected(role) || !can.write ? null : (
          <Link
            to={`${ROLE_PERMISSIONS_PAGE}/${role.id}`}
            preventScrollReset
            aria-label={`Edit ${name}`}
            className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium hover:bg-slate-100"
          >
            Edit
          </Link>
        )}
      </header>
      {chips.length ? (
        <ul aria-label={`Permissions of ${name}`} className="flex flex-wrap gap-1.5">
          {chips.map((chip) => (
            <li key={chip} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700">
              {chip}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No permissions yet: its staff can open nothing.</p>
      )}
      {isProtected(role) ? (
        <p className="text-xs text-slate-600">
          Built-in role with full access; it cannot be renamed, deactivated or deleted.
        </p>
      ) : !role.active ? (
        <p className="text-xs text-amber-800">
          Inactive: its staff can open nothing until it is reactivated.
        </p>
      ) : null}
    </article>
  );
}

export default function RolePermissionsRoute() {
  const { roles, can } = useLoaderData<typeof loader>();
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Role Permissions</h2>
          <p className="mt-1 text-sm text-slate-600">
            Each staff member has one role; its permissions decide which areas they can open and change.
          </p>
        </div>
        {can.write ? (
          <Link
            to={`${ROLE_PERMISSIONS_PAGE}/new`}
            preventScrollReset
            className="rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white"
          >
            New Role
          </Link>
        ) : null}
      </div>
      {roles.length === 0 ? (
        <EmptyState title="No roles yet">Create a role to give staff access to the back office.</EmptyState>
      ) : (
        <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {roles.map((role) => (
            <RoleCard key={role.id} role={role} can={can} />
          ))}
        </div>
      )}
      <Outlet />
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
