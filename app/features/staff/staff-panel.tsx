import { Form, Link, useLocation } from "@remix-run/react";
import type { UserRecord } from "#backend/schemas/users";
import { DetailList } from "~/components/detail-list";
import { Drawer } from "~/components/drawer";
import { EmptyState } from "~/components/empty-state";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { DropdownMenu } from "~/components/dropdown-menu";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import type { ToastData } from "~/components/toaster";
import { capitalise, formatDate, formatTime, fullName } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { StaffProfileForm } from "./staff-profile-form";
import { StaffStatus, staffStatusLabel } from "./staff-status";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";

const loadAssignRoleSchema = () => import("#backend/schemas/users").then((module) => module.AssignRoleSchema);

type Option = { value: string; label: string };
type ActivityEntry = { id: string; summary: string; createdAt: string };

export type StaffPanelAbilities = { edit: boolean; block: boolean; delete: boolean; designate: boolean };

export type StaffPanelProps = {
  staff: UserRecord;
  roles: Option[] | null;
  activity: { entries: ActivityEntry[]; total: number } | null;
  may: StaffPanelAbilities;
  own: boolean;
  answer?: { result?: FormResult; toast?: ToastData | null } | null;
};

const buttonClass =
  "rounded-full px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50";

function usePanelHref() {
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  return (changes: Record<string, string | null>) => {
    const keep: Record<string, string | null> = { tab: current.get("tab") };
    return listHref(location.pathname, location.search, { ...keep, ...changes });
  };
}

function ActionsMenu({ staff, may }: { staff: UserRecord; may: StaffPanelAbilities }) {
  const panelHref = usePanelHref();
  if (!may.edit && !may.block && !may.delete) return null;
  return (
    <DropdownMenu label="Staff actions" trigger="Actions" triggerClassName="h-9 px-3 text-sm">
      {may.edit ? (
        <Link
          to={panelHref({ tab: null, mode: "edit" })}
          className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100"
        >
          Edit Staff Details
        </Link>
      ) : null}
      {may.block ? (
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={staff.isBlocked ? "unblock" : "block"}
            className="block w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100"
          >
            {staff.isBlocked ? "Unblock Staff" : "Block Staff"}
          </button>
        </Form>
      ) : null}
      {may.delete ? (
        <Link
          to={panelHref({ confirm: "delete" })}
          className="block rounded-lg px-3 py-2 text-sm text-red-700 hover:bg-red-50"
        >
          Delete Staff
        </Link>
      ) : null}
    </DropdownMenu>
  );
}

function Tabs({ activityCount }: { activityCount: number | null }) {
  const panelHref = usePanelHref();
  const tab = new URLSearchParams(useLocation().search).get("tab") ?? "details";
  const tabs = [
    { key: "details", title: "Staff Details", count: null },
    { key: "activity", title: "Activity History", count: activityCount ?? 0 },
    { key: "messages", title: "Messages", count: 0 },
  ];
  return (
    <nav aria-label="Staff tabs" className="mt-4 flex gap-1 border-b border-slate-200">
      {tabs.map((item) => (
        <Link
          key={item.key}
          to={panelHref({ tab: item.key === "details" ? null : item.key, mode: null, confirm: null })}
          aria-current={tab === item.key ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm ${
            tab === item.key
              ? "border-brand-600 font-semibold text-slate-900"
              : "border-transparent text-slate-600"
          }`}
        >
          {item.title}
          {item.count !== null ? (
            <span className="ml-1 rounded-full bg-slate-100 px-1.5 text-xs">{item.count}</span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}

function DesignationForm({
  staff,
  roles,
  lastResult,
}: {
  staff: UserRecord;
  roles: Option[] | null;
  lastResult?: FormResult;
}) {
  const { form, field } = useLiveForm({ loadSchema: loadAssignRoleSchema, lastResult });
  const roleField = field("roleId");
  return (
    <Form method="post" {...form} className="mt-6 flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-4">
      <FormSelect
        label="Designation"
        placeholder="Select a role"
        options={roles ?? []}
        unavailable={roles ? undefined : "Failed to fetch user roles."}
        {...roleField}
        defaultValue={roleField.defaultValue ?? staff.role.id}
        className="min-w-[12rem] flex-1"
      />
      <SubmitButton intent="designation" pendingText="Updating..." disabled={!roles} className="mb-5">
        Update Designation
      </SubmitButton>
    </Form>
  );
}

function StaffDetails({ staff }: { staff: UserRecord }) {
  const rows: [string, string][] = [
    ["First Name", staff.firstname],
    ["Last Name", staff.lastname],
    ["Email", staff.email],
    ["Phone Number", staff.phone || "N/A"],
    ["Location", staff.location || "N/A"],
    ["Designation", capitalise(staff.role.role)],
    ["Status", staffStatusLabel(staff)],
    ["Last Login", staff.lastLogin ? `${formatDate(staff.lastLogin)} ${formatTime(staff.lastLogin)}` : "N/A"],
  ];
  return <DetailList rows={rows} />;
}

function DeleteConfirmation({ staff }: { staff: UserRecord }) {
  const panelHref = usePanelHref();
  return (
    <Form method="post" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="text-sm text-red-900">
        Delete {fullName(staff)}? They will no longer be able to sign in. Type <strong>Yes</strong> to
        confirm.
      </p>
      <FormInput label="Confirmation" name="confirmation" defaultValue="No" className="mt-3 max-w-xs" />
      <div className="flex gap-3">
        <SubmitButton intent="delete" tone="danger" pendingText="Deleting...">
          Delete Staff
        </SubmitButton>
        <Link to={panelHref({ confirm: null })} className={`${buttonClass} border border-slate-300`}>
          Keep
        </Link>
      </div>
    </Form>
  );
}

function ActivityHistory({ activity }: { activity: StaffPanelProps["activity"] }) {
  if (!activity) return <p className="mt-4 text-sm text-red-700">Failed to fetch activity history.</p>;
  if (activity.entries.length === 0)
    return <EmptyState title="No activity yet">Changes this staff member makes will show here.</EmptyState>;
  return (
    <ol className="mt-4 flex flex-col gap-2">
      {activity.entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-slate-200 p-3">
          <p className="text-sm text-slate-800">{entry.summary}</p>
          <p className="mt-1 text-xs text-slate-500">
            {formatDate(entry.createdAt)} {formatTime(entry.createdAt)}
          </p>
        </li>
      ))}
    </ol>
  );
}

export function StaffPanel({ staff, roles, activity, may, answer, own }: StaffPanelProps) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const tab = params.get("tab") ?? "details";
  const editing = params.get("mode") === "edit";
  const confirmingDelete = params.get("confirm") === "delete";
  const panelHref = usePanelHref();
  return (
    <Drawer title="Staff Details" size="large" closeTo={listHref("/settings/users", location.search)}>
      <ActionToast toast={answer?.toast} />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <div className="flex gap-2">
            <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
              {capitalise(staff.role.role)}
            </span>
            <StaffStatus staff={staff} pill />
          </div>
          <h3 className="mt-2 text-xl font-semibold text-slate-900">{fullName(staff)}</h3>
        </div>
        <div className="flex items-center gap-2">
          {editing || !may.edit ? null : (
            <Link
              to={panelHref({ tab: null, mode: "edit" })}
              aria-label="Edit staff details"
              className="flex h-9 w-9 items-center justify-center rounded-full border border-slate-300 hover:bg-slate-100"
            >
              <span aria-hidden="true">✎</span>
            </Link>
          )}
          <ActionsMenu staff={staff} may={may} />
        </div>
      </header>
      {confirmingDelete && may.delete ? <DeleteConfirmation staff={staff} /> : null}
      <Tabs activityCount={activity?.total ?? null} />
      {tab === "activity" ? (
        <ActivityHistory activity={activity} />
      ) : tab === "messages" ? (
        <EmptyState title="Coming Soon">Messages with staff will be available in a later version.</EmptyState>
      ) : editing && may.edit ? (
        <StaffProfileForm
          record={staff}
          lastResult={answer?.result}
          cancelHref={panelHref({ mode: null })}
          intent="update"
          own={own}
        />
      ) : (
        <>
          <StaffDetails staff={staff} />
          {may.designate ? <DesignationForm staff={staff} roles={roles} lastResult={answer?.result} /> : null}
        </>
      )}
    </Drawer>
  );
}
