import { Form, Link } from "@remix-run/react";
import { ACTIONS } from "#backend/schemas/permissions";
import type { RoleRecord } from "#backend/schemas/roles";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import type { ToastData } from "~/components/toaster";
import { capitalise } from "~/utils/format";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";
import type { Permission } from "./role-catalogue";
import { ROLE_PERMISSIONS_PAGE, SUBJECT_LABELS, SUBJECT_ROWS } from "./role-catalogue";

// In the browser only the name is checked: the ticked boxes need the server (which ids exist).
const loadRoleNameSchema = () =>
  import("#backend/schemas/roles").then((module) => module.RoleFormSchema.pick({ role: true }).strip());

export type EditorAnswer = { result: FormResult; toast: ToastData | null } | undefined;

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
      <p className="mt-1 text-xs text-slate-600">
        Manage includes read, write and delete. &lsquo;All areas&rsquo; applies to every area, including ones
        added later.
      </p>
      <table className="mt-2 w-full text-sm">
        <thead className="text-xs uppercase text-slate-600">
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

export function RoleEditor({
  role,
  permissions,
  answer,
}: {
  role: RoleRecord | null;
  permissions: Permission[];
  answer: EditorAnswer;
}) {
  const result = answer?.result;
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadRoleNameSchema, lastResult: result });
  // Without JavaScript a refused form comes back as a new page: what was ticked is in its answer.
  const initial = result?.initialValue;
  const ticked = new Set(initial ? asList(initial.permissionIds) : (role?.permissionIds ?? []));
  const active = initial ? initial.active === "on" : (role?.active ?? true);
  const name = field("role");
  const permissionErrors = result?.error?.permissionIds ?? undefined;
  return (
    <Form method="post" {...form} className="flex flex-col gap-1">
      <ActionToast toast={answer?.toast} />
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
          <span className="text-xs text-slate-600">(staff with an inactive role can open nothing)</span>
        </label>
      ) : null}
      <PermissionMatrix
        permissions={permissions}
        ticked={ticked}
        errors={permissionErrors}
        errorId={`${form.id}-permissionIds-error`}
      />
      <ErrorBox errors={formErrors} />
      <p className="text-xs text-slate-600">
        Changes apply to the staff holding this role on their next page load.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <SubmitButton intent={role ? "update" : "create"} pendingText="Saving...">
          {role ? "Save Changes" : "Create Role"}
        </SubmitButton>
        <Link
          to={ROLE_PERMISSIONS_PAGE}
          preventScrollReset
          className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium"
        >
          Cancel
        </Link>
        {role ? (
          <Link
            to={`${ROLE_PERMISSIONS_PAGE}/${role.id}?confirm=delete`}
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
