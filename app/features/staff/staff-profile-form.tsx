import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { UserRecord } from "#backend/schemas/users";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { changedFields } from "~/utils/changes";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";

const loadProfileFormSchema = () =>
  import("#backend/schemas/users").then((module) => module.ProfileFormSchema);

const FIELDS = [
  { name: "firstname", label: "First Name", type: "text" },
  { name: "lastname", label: "Last Name", type: "text" },
  { name: "email", label: "Email", type: "email" },
  { name: "phone", label: "Phone Number", type: "tel" },
  { name: "location", label: "Location", type: "text" },
] as const;

export const NOTHING_CHANGED = "Nothing to save: no field was changed.";

/** With JS, Save waits for a valid change (spec 000 §5); without it, the server answers NOTHING_CHANGED. */
export function StaffProfileForm({
  record,
  lastResult,
  cancelHref,
  intent,
  own = false,
}: {
  record: Pick<UserRecord, (typeof FIELDS)[number]["name"]>;
  lastResult?: FormResult;
  cancelHref: string;
  intent?: string;
  /** One's own record: changing the e-mail asks for the current password (docs/decisions/011). */
  own?: boolean;
}) {
  const { form, field, formErrors, hasErrors } = useLiveForm({
    loadSchema: loadProfileFormSchema,
    lastResult,
  });
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [changed, setChanged] = useState(false);
  const noteChange = (event: React.FormEvent<HTMLFormElement>) => {
    form.onInput(event);
    const values = Object.fromEntries(new FormData(event.currentTarget));
    setChanged(FIELDS.some(({ name }) => String(values[name] ?? "").trim() !== (record[name] ?? "")));
  };
  return (
    <Form
      method="post"
      {...form}
      onInput={noteChange}
      className="mt-4 grid grid-cols-1 gap-x-6 sm:grid-cols-2"
    >
      {FIELDS.map(({ name, label, type }) => {
        const props = field(name);
        return (
          <FormInput
            key={name}
            label={label}
            type={type}
            {...props}
            defaultValue={props.defaultValue ?? record[name] ?? ""}
          />
        );
      })}
      {own ? (
        <FormInput
          label="Current Password"
          type="password"
          autoComplete="current-password"
          hint="Needed only when you change your email."
          {...field("currentPassword")}
          defaultValue=""
        />
      ) : null}
      <div className="sm:col-span-2">
        <ErrorBox errors={formErrors} />
      </div>
      <div className="flex gap-3 sm:col-span-2">
        <SubmitButton intent={intent} pendingText="Saving..." disabled={live && (!changed || hasErrors)}>
          Save
        </SubmitButton>
        <Link to={cancelHref} className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium">
          Cancel Edit
        </Link>
      </div>
    </Form>
  );
}

/** What changed, plus the current password only with a new e-mail (checked, never stored). */
export function profileChanges(
  current: Record<string, unknown>,
  submitted: { currentPassword?: string } & Record<string, unknown>,
) {
  const { currentPassword, ...fields } = submitted;
  const changes: Record<string, unknown> = changedFields(current, fields);
  if (changes.email !== undefined && currentPassword) changes.currentPassword = currentPassword;
  return changes;
}
