import { Form, Link, useLocation } from "@remix-run/react";
import { formatBadgeCount, capitalise, fullName } from "~/utils/format";
import { SectionIcon } from "../section-icon";
import { MainMenu } from "./main-menu";
import { DropdownMenu } from "../dropdown-menu";

export type HeaderUser = {
  firstname: string;
  lastname: string;
  email: string;
  role: { role: string; permissions: string[] };
};

export const ACTION_CENTER_PARAM = "panel";
export const ACTION_CENTER_VALUE = "action-center";

export function actionCenterHref(location: { pathname: string; search: string }, open: boolean) {
  const params = new URLSearchParams(location.search);
  if (open) params.set(ACTION_CENTER_PARAM, ACTION_CENTER_VALUE);
  else params.delete(ACTION_CENTER_PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

function UserMenu({ user }: { user: HeaderUser }) {
  const initials = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();
  return (
    <DropdownMenu
      // The name holds what the button shows (initials, and the name on wider screens) for voice control.
      label={`${initials} ${fullName(user)}, user menu`}
      triggerClassName="h-10 gap-2 px-3 text-sm"
      panelClassName="w-56"
      trigger={
        <>
          <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
            {initials}
          </span>{" "}
          <span className="hidden max-w-[10rem] truncate sm:inline">{fullName(user)}</span>
        </>
      }
    >
      <p className="truncate px-3 py-2 text-xs text-slate-500">{user.email}</p>
      <Link
        to="/settings/profile"
        className="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
      >
        My Profile
      </Link>
      <Form method="post" action="/logout">
        <button
          type="submit"
          className="block w-full rounded-lg px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50"
        >
          Logout
        </button>
      </Form>
    </DropdownMenu>
  );
}

export function AppHeader({
  user,
  today,
  activityCount,
}: {
  user: HeaderUser;
  today: string;
  activityCount: number | null;
}) {
  const location = useLocation();
  return (
    <header className="fixed inset-x-0 top-0 z-30 flex h-16 print:hidden items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <div className="flex items-center gap-3">
        <MainMenu permissions={user.role.permissions} />
        <Link to="/home" className="flex items-center gap-2 font-bold text-slate-900">
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <SectionIcon name="devices" className="h-5 w-5" />
          </span>
          {/* Named by the word it shows (only hidden visually on narrow screens), then where it goes. */}
          <span className="sr-only sm:not-sr-only">SolarDesk</span>
          <span className="sr-only"> home</span>
        </Link>
      </div>
      <div className="flex items-center gap-2 sm:gap-3">
        <p className="hidden text-sm text-slate-600 md:block" data-testid="header-date">
          {today}
        </p>
        <Link
          to="/settings/profile"
          className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900"
          data-testid="role-badge"
        >
          {capitalise(user.role.role)}
        </Link>
        <Link
          to={actionCenterHref(location, true)}
          preventScrollReset
          className="relative flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white hover:bg-slate-100"
          aria-label={
            activityCount ? `Action Center, ${formatBadgeCount(activityCount)} new` : "Action Center"
          }
        >
          <SectionIcon name="bell" className="h-5 w-5" />
          {activityCount ? (
            <span className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-5 text-white">
              {formatBadgeCount(activityCount)}
            </span>
          ) : null}
        </Link>
        <UserMenu user={user} />
      </div>
    </header>
  );
}
