import type { MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { UserRecord } from "#backend/schemas/users";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DropdownMenu } from "~/components/dropdown-menu";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ListAction, ListSection } from "~/components/list-section";
import { StaffStatus } from "~/features/staff/staff-status";
import type { userListLoader } from "~/features/staff/user-list.server";
import { capitalise, formatDate, fullName } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";

export { userListLoader as loader } from "~/features/staff/user-list.server";

export const meta: MetaFunction = () => [{ title: "Users — SolarDesk" }];

function AddUserMenu({ newUserHref }: { newUserHref: string }) {
  return (
    <DropdownMenu
      label="More user actions"
      trigger={<span aria-hidden="true">⋯</span>}
      triggerClassName="h-9 w-9 justify-center"
      panelClassName="w-48"
    >
      <Link to={newUserHref} className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">
        Add new user
      </Link>
    </DropdownMenu>
  );
}

function useColumns(): Column<UserRecord>[] {
  const location = useLocation();
  return [
    {
      header: "Name",
      primary: true,
      cell: (user) => (
        <Link to={listHref(`/settings/users/${user.id}`, location.search)} className="hover:underline">
          {fullName(user)}
        </Link>
      ),
    },
    { header: "Email", cell: (user) => user.email },
    { header: "Phone", cell: (user) => user.phone ?? "" },
    { header: "Role", cell: (user) => capitalise(user.role.role) },
    { header: "Location", cell: (user) => user.location ?? "" },
    { header: "Status", cell: (user) => <StaffStatus staff={user} /> },
    { header: "Last Login", cell: (user) => (user.lastLogin ? formatDate(user.lastLogin) : "N/A") },
  ];
}

export default function UsersRoute() {
  const { page, can } = useLoaderData<typeof userListLoader>();
  const { list, query } = page;
  const location = useLocation();
  const newUserHref = listHref("/settings/users/new", location.search);
  const columns = useColumns();
  useListRefresh();
  return (
    <>
      <ListSection
        title="All Users"
        searchLabel="Users"
        search={query.search}
        actions={
          can.create ? (
            <>
              <ListAction to={newUserHref}>New User</ListAction>
              <AddUserMenu newUserHref={newUserHref} />
            </>
          ) : null
        }
        page={list}
        itemLabel="users"
      >
        <DataTable caption="All Users" columns={columns} rows={list.users} rowKey={(user) => user.id} />
      </ListSection>
      <Outlet />
    </>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
