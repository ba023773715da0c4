import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { UserListSchema } from "#backend/schemas/users";
import { DEFAULT_PAGE_SIZE } from "#backend/schemas/list";
import { apiRead } from "~/api.server";
import { DropdownMenu } from "~/components/dropdown-menu";
import { EmptyListState } from "~/components/empty-state";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ListSearch } from "~/components/list-search";
import { Pagination } from "~/components/pagination";
import { StatusText } from "~/components/status-text";
import { capitalise, formatDate, fullName } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";

export const meta: MetaFunction = () => [{ title: "Users — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const search = params.get("search")?.trim() ?? "";
  const list = await apiRead(request, "/v1/users", UserListSchema, {
    page: params.get("page") ?? undefined,
    limit: DEFAULT_PAGE_SIZE,
    search: search || undefined,
  });
  return { list, search };
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

export default function UsersRoute() {
  const { list, search } = useLoaderData<typeof loader>();
  const location = useLocation();
  const newUserHref = listHref("/settings/users/new", location.search);
  useListRefresh();
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">All Users</h2>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch action="/settings/users" label="Users" defaultValue={search} />
          <Link
            to={newUserHref}
            className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          >
            New User
          </Link>
          <AddUserMenu newUserHref={newUserHref} />
        </div>
      </div>
      {list.users.length === 0 ? (
        <EmptyListState searching={Boolean(search)} clearHref="/settings/users" />
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-4">Name</th>
                <th className="py-2 pr-4">Email</th>
                <th className="py-2 pr-4">Phone</th>
                <th className="py-2 pr-4">Role</th>
                <th className="py-2 pr-4">Location</th>
                <th className="py-2 pr-4">Status</th>
                <th className="py-2">Last Login</th>
              </tr>
            </thead>
            <tbody>
              {list.users.map((user) => (
                <tr key={user.id} className="border-b border-slate-100 hover:bg-slate-50">
                  <td className="py-2 pr-4 font-medium">
                    <Link
                      to={listHref(`/settings/users/${user.id}`, location.search)}
                      className="hover:underline"
                    >
                      {fullName(user)}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{user.email}</td>
                  <td className="py-2 pr-4">{user.phone ?? ""}</td>
                  <td className="py-2 pr-4">{capitalise(user.role.role)}</td>
                  <td className="py-2 pr-4">{user.location ?? ""}</td>
                  <td className="py-2 pr-4">
                    <StatusText status={user.status} />
                  </td>
                  <td className="py-2">{user.lastLogin ? formatDate(user.lastLogin) : "N/A"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={list.page}
            limit={list.limit}
            total={list.total}
            totalPages={list.totalPages}
            label="users"
          />
        </div>
      )}
      <Outlet />
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
