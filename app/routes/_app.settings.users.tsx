import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { UserRecord } from "#backend/schemas/users";
import { UserListQuerySchema, UserListSchema } from "#backend/schemas/users";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DropdownMenu } from "~/components/dropdown-menu";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ListAction, ListSection } from "~/components/list-section";
import { StaffStatus } from "~/features/staff/staff-status";
import { requireUser } from "~/session.server";
import { capitalise, formatDate, fullName } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { loadList } from "~/utils/lists.server";
import { can } from "~/utils/permissions";
import { useListRefresh } from "~/utils/use-freshness";

export const meta: MetaFunction = () => [{ title: "Users — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = await loadList(request, {
    path: "/v1/users",
    query: UserListQuerySchema,
    answer: UserListSchema,
  });
  return { ...page, canCreate: can(user, "write:Users") };
}

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
  const { list, query, canCreate } = useLoaderData<typeof loader>();
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
          canCreate ? (
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
