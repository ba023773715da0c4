import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { ACTIONS, RoleRecordSchema, SUBJECTS } from "#backend/schemas/records";
import type { Action, RoleRecord, Subject } from "#backend/schemas/records";
import { PermissionListSchema, RoleFormSchema, RoleNameSchema } from "#backend/schemas/roles";
import { apiRead, apiWrite } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { EmptyState } from "~/components/empty-state";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { ActionToast } from "~/components/toaster";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import type { ApiFailure } from "~/utils/error-catalogue";
import { capitalise } from "~/utils/format";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const role = data?.roles.find((item) => item.id === data.opened);
  const drawer =
    data?.opened === "new"
      ? "New Role"
      : role
        ? `${data?.confirmDelete ? "Delete " : ""}${capitalise(role.role)} role`
        : null;
  return [{ title: [drawer, "Role Permissions", "SolarDesk"].filter(Boolean).join(" — ") }];
};

const PAGE = "/settings/role-permissions";
const RoleListSchema = z.array(RoleRecordSchema);
const MessageSchema = z.object({ message: z.string() });
// In the browser only the name is checked: the ticked boxes need the server (which ids exist).
const RoleNameFormSchema = z.object({ role: RoleNameSchema });
const DeleteRoleSchema = z.object({});

/** The seeded role with manage:all; the API refuses to change it, so the screen offers nothing to change. */
const isProtected = (role: Pick<RoleRecord, "role">) => role.role.toLowerCase() === "admin";

const SUBJECT_LABELS: Record<Subject, string> = {
  all: "All areas",
  Sales: "Sales",
  Customers: "Customers",
  Agents: "Agents",
  Products: "Products",
  Inventory: "Inventory",
  Warehouses: "Warehouses",
  Devices: "Devices",
  Tickets: "Tickets",
  Users: "Users",
  Roles: "Roles",
};
/** Matrix rows and chip order: each area, then the catch-all row. */
const SUBJECT_ROWS: Subject[] = [...SUBJECTS.filter((subject) => subject !== "all"), "all"];

const roleHref = (roleId: string, confirmDelete = false) =>
  `${PAGE}?role=${encodeURIComponent(roleId)}${confirmDelete ? "&confirm=delete" : ""}`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const [roles, permissions] = await Promise.all([
    apiRead(request, "/v1/roles", RoleListSchema),
    apiRead(request, "/v1/permissions", PermissionListSchema),
  ]);
  const params = new URL(request.url).searchParams;
  const opened = params.get("role");
  if (opened && opened !== "new" && !roles.some((role) => role.id === opened)) {
    throw new Response("Not Found", { status: 404 });
  }
  return { roles, permissions, opened, confirmDelete: params.get("confirm") === "delete" };
}

/** Field problems read better without the `field:` prefix the API's message list carries. */
const failureToast = (failure: ApiFailure, fallback: string) => (message: string | undefined) =>
  Object.values(failure.fieldErrors ?? {})[0]?.[0] ?? message ?? fallback;

/** One action for the drawer's forms, told apart by the submit button's `intent`. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const roleId = new URL(request.url).searchParams.get("role");
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "create") {
    const submission = parseForm(formData, RoleFormSchema);
    if (submission.status !== "success") return invalidSubmission(submission);
    const { role, permissionIds } = submission.value;
    const answer = await apiWrite(
      request,
      { method: "POST", path: "/v1/roles", body: { role, permissionIds } },
      RoleRecordSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        toastFor: failureToast(answer.failure, "Role creation failed: Internal Server Error"),
      });
    }
    return redirectWithSuccess(PAGE, "Role created successfully!");
  }

  if (!roleId || roleId === "new") throw new Response("Not Found", { status: 404 });
  const path = `/v1/roles/${encodeURIComponent(roleId)}` as const;

  if (intent === "update") {
    const submission = parseForm(formData, RoleFormSchema);
    if (submission.status !== "success") return invalidSubmission(submission);
    // An unticked checkbox sends nothing: no `active` means the box was cleared.
    const body = { ...submission.value, active: submission.value.active ?? false };
    const answer = await apiWrite(request, { method: "PUT", path, body }, RoleRecordSchema);
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        toastFor: failureToast(answer.failure, "Role update failed: Internal Server Error"),
      });
    }
    return redirectWithSuccess(PAGE, "Role updated successfully!");
  }

  if (intent === "delete") {
    const submission = parseForm(formData, DeleteRoleSchema);
    const answer = await apiWrite(request, { method: "DELETE", path }, MessageSchema);
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        toastFor: failureToast(answer.failure, "Failed to delete role"),
      });
    }
    return redirectWithSuccess(PAGE, "Role deleted successfully!");
  }

  throw new Response("Bad Request", { status: 400 });
}

type Permission = { id: string; action: Action; subject: Subject };

/** 'Sales: read, write' per area, in matrix order. */
function permissionChips(permissions: Permission[]) {
  return SUBJECT_ROWS.flatMap((subject) => {
    const actions = ACTIONS.filter((action) =>
      permissions.some((permission) => permission.subject === subject && permission.action === action),
    );
    return actions.length ? [`${SUBJECT_LABELS[subject]}: ${actions.join(", ")}`] : [];
  });
}

const staffCount = (count: number | undefined) =>
  count === undefined ? null : count === 0 ? "No staff" : `${count} staff`;

function RoleCard({ role }: { role: RoleRecord }) {
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
          <p className="mt-0.5 text-xs text-slate-500">
            <span className={role.active ? "text-green-700" : "text-red-700"}>
              {role.active ? "Active" : "Inactive"}
            </span>
            {staffCount(role.userCount) ? ` · ${staffCount(role.userCount)}` : ""}
          </p>
        </div>
        {isProtected(role) ? null : (
          <Link
            to={roleHref(role.id)}
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
        <p className="text-sm text-slate-500">No permissions yet: its staff can open nothing.</p>
      )}
      {isProtected(role) ? (
        <p className="text-xs text-slate-500">
          Built-in role with full access; it cannot be renamed, deactivated or deleted.
        </p>
      ) : !role.active ? (
        <p className="text-xs text-amber-700">
          Inactive: its staff can open nothing until it is reactivated.
        </p>
      ) : null}
    </article>
  );
}

/** A repeated field comes back from a refused submission as one string or a list. */
const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];

function PermissionMatrix({
  permissions,
  ticked,
  errors,
  errorId,
}: {
  permissions: Permission[];
  ticked: Set<string>;
  errors?: string[];
  errorId: string;
}) {
  const byName = new Map(
    permissions.map((permission) => [`${permission.action}:${permission.subject}`, permission]),
  );
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined} className="mt-2">
      <legend className="text-sm font-medium text-slate-700">Permissions</legend>
      <p className="mt-1 text-xs text-slate-500">
        Manage includes read, write and delete. &lsquo;All areas&rsquo; applies to every area, including ones
        added later.
      </p>
      <table className="mt-2 w-full text-sm">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-1.5 text-left">
              Area
            </th>
            {ACTIONS.map((action) => (
              <th key={action} scope="col" className="py-1.5 text-center">
                {capitalise(action)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SUBJECT_ROWS.map((subject) => (
            <tr key={subject} className="border-t border-slate-100">
              <th scope="row" className="py-1.5 text-left font-medium text-slate-800">
                {SUBJECT_LABELS[subject]}
              </th>
              {ACTIONS.map((action) => {
                const permission = byName.get(`${action}:${subject}`);
                return (
                  <td key={action} className="py-1.5 text-center">
                    {permission ? (
                      <input
                        type="checkbox"
                        name="permissionIds"
                        value={permission.id}
                        defaultChecked={ticked.has(permission.id)}
                        aria-label={`${SUBJECT_LABELS[subject]}: ${action}`}
                        className="h-4 w-4 rounded border-slate-300"
                      />
                    ) : (
                      <span aria-hidden="true">–</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div id={errorId} className="min-h-[1rem] text-xs text-red-700">
        {errors?.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </fieldset>
  );
}

function RoleEditor({ role, permissions }: { role: RoleRecord | null; permissions: Permission[] }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const result = actionData?.result;
  const { form, field, formErrors } = useLiveForm({ schema: RoleNameFormSchema, lastResult: result });
  // Without JavaScript a refused form comes back as a new page: what was ticked is in its answer.
  const initial = result?.initialValue;
  const ticked = new Set(initial ? asList(initial.permissionIds) : (role?.permissionIds ?? []));
  const active = initial ? initial.active === "on" : (role?.active ?? true);
  const name = field("role");
  const permissionIds = field("permissionIds");
  return (
    <Form method="post" {...form} className="flex flex-col gap-1">
      <ActionToast toast={actionData?.toast} />
      <FormInput
        label="Role Name"
        autoComplete="off"
        aria-required
        maxLength={40}
        {...name}
        defaultValue={name.defaultValue ?? role?.role ?? ""}
      />
      {role ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="active"
            defaultChecked={active}
            className="h-4 w-4 rounded border-slate-300"
          />
          Active
          <span className="text-xs text-slate-500">(staff with an inactive role can open nothing)</span>
        </label>
      ) : null}
      <PermissionMatrix
        permissions={permissions}
        ticked={ticked}
        errors={permissionIds.errors}
        errorId={permissionIds.errorId}
      />
      <ErrorBox errors={formErrors} />
      <p className="text-xs text-slate-500">
        Changes apply to the staff holding this role on their next page load.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          name="intent"
          value={role ? "update" : "create"}
          disabled={busy}
          className="rounded-full bg-slate-900 px-5 py-2 text-sm font-semibold text-white disabled:bg-slate-400"
        >
          {busy ? "Saving..." : role ? "Save Changes" : "Create Role"}
        </button>
        <Link
          to={PAGE}
          preventScrollReset
          className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium"
        >
          Cancel
        </Link>
        {role ? (
          <Link
            to={roleHref(role.id, true)}
            preventScrollReset
            className="ml-auto text-sm font-medium text-red-700 underline"
          >
            Delete Role
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function DeleteConfirmation({ role }: { role: RoleRecord }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { form, formErrors } = useLiveForm({ lastResult: actionData?.result });
  const name = capitalise(role.role);
  return (
    <Form method="post" {...form} className="flex flex-col gap-3">
      <ActionToast toast={actionData?.toast} />
      <p className="text-sm text-slate-700">
        Delete the role <strong>{name}</strong>? It disappears from the role lists; its history is kept.
      </p>
      {role.userCount ? (
        <p className="text-sm text-amber-700">
          {role.userCount} staff still hold this role: give them another designation first.
        </p>
      ) : null}
      <ErrorBox errors={formErrors} />
      <div className="flex gap-3">
        <button
          type="submit"
          name="intent"
          value="delete"
          disabled={busy}
          className="rounded-full bg-red-700 px-5 py-2 text-sm font-semibold text-white disabled:bg-slate-400"
        >
          {busy ? "Deleting..." : "Yes, Delete Role"}
        </button>
        <Link
          to={roleHref(role.id)}
          preventScrollReset
          className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium"
        >
          Keep Role
        </Link>
      </div>
    </Form>
  );
}

function RoleDrawer() {
  const { roles, permissions, opened, confirmDelete } = useLoaderData<typeof loader>();
  if (!opened) return null;
  if (opened === "new") {
    return (
      <Drawer title="New Role" size="large" closeTo={PAGE}>
        <RoleEditor key="new" role={null} permissions={permissions} />
      </Drawer>
    );
  }
  const role = roles.find((item) => item.id === opened);
  if (!role) return null;
  const name = capitalise(role.role);
  if (isProtected(role)) {
    return (
      <Drawer title={name} size="large" closeTo={PAGE}>
        <p className="text-sm text-slate-700">
          The {name} role always has full access; it cannot be renamed, deactivated or deleted, so nobody can
          lock the business out.
        </p>
      </Drawer>
    );
  }
  if (confirmDelete) {
    return (
      <Drawer title="Delete Role" size="medium" closeTo={roleHref(role.id)}>
        <DeleteConfirmation role={role} />
      </Drawer>
    );
  }
  return (
    <Drawer title={`Edit ${name}`} size="large" closeTo={PAGE}>
      <RoleEditor key={role.id} role={role} permissions={permissions} />
    </Drawer>
  );
}

export default function RolePermissionsRoute() {
  const { roles } = useLoaderData<typeof loader>();
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Role Permissions</h2>
          <p className="mt-1 text-sm text-slate-600">
            Each staff member has one role; its permissions decide which areas they can open and change.
          </p>
        </div>
        <Link
          to="?role=new"
          preventScrollReset
          className="rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white"
        >
          New Role
        </Link>
      </div>
      {roles.length === 0 ? (
        <EmptyState title="No roles yet">Create a role to give staff access to the back office.</EmptyState>
      ) : (
        <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {roles.map((role) => (
            <RoleCard key={role.id} role={role} />
          ))}
        </div>
      )}
      <RoleDrawer />
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
