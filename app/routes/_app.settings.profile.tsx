import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ProfileFormSchema } from "#backend/schemas/users";
import { UserRecordSchema } from "#backend/schemas/records";
import { apiRead, apiWrite } from "~/api.server";
import { CopyButton } from "~/components/copy-button";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { ActionToast } from "~/components/toaster";
import { commitSessionHeaders, requireSession, toSessionUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { changedFields } from "~/utils/changes";
import { capitalise, formatDate, formatTime, fullName } from "~/utils/format";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "Profile — SolarDesk" }];

const NOTHING_CHANGED = "Nothing to save: no field was changed.";

export async function loader({ request }: LoaderFunctionArgs) {
  const profile = await apiRead(request, "/v1/users/single", UserRecordSchema);
  return { profile, editing: new URL(request.url).searchParams.get("mode") === "edit" };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireSession(request);
  const submission = parseForm(await readFormData(request), ProfileFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const current = await apiRead(request, "/v1/users/single", UserRecordSchema);
  const changes = changedFields(current, submission.value);
  if (Object.keys(changes).length === 0)
    return invalidSubmission(submission, { formErrors: [NOTHING_CHANGED] });
  const answer = await apiWrite(
    request,
    { method: "PATCH", path: "/v1/users", body: changes },
    UserRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      toastFor: (message) => message ?? "Failed to update user: Internal Server Error",
    });
  }
  // The header shows the name and role from the session, so it follows the saved record.
  const headers = await commitSessionHeaders(request, {
    token: session.token,
    user: toSessionUser(answer.data),
  });
  return redirectWithSuccess("/settings/profile", "User updated successfully!", { headers });
}

type Profile = ReturnType<typeof useLoaderData<typeof loader>>["profile"];

function ProfileDetails({ profile }: { profile: Profile }) {
  const rows: [string, React.ReactNode][] = [
    ["First Name", profile.firstname],
    ["Last Name", profile.lastname],
    [
      "Email",
      <span key="email" className="inline-flex items-center gap-2">
        {profile.email} <CopyButton value={profile.email} />
      </span>,
    ],
    ["Phone Number", profile.phone || "N/A"],
    ["Location", profile.location || "N/A"],
    ["Designation", capitalise(profile.role.role)],
    ["Status", capitalise(profile.status)],
    [
      "Last Login",
      profile.lastLogin ? `${formatDate(profile.lastLogin)} ${formatTime(profile.lastLogin)}` : "N/A",
    ],
  ];
  return (
    <dl className="mt-4 grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const FIELDS = [
  { name: "firstname", label: "First Name", type: "text" },
  { name: "lastname", label: "Last Name", type: "text" },
  { name: "email", label: "Email", type: "email" },
  { name: "phone", label: "Phone Number", type: "tel" },
  { name: "location", label: "Location", type: "text" },
] as const;

function ProfileForm({ profile }: { profile: Profile }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { form, field, formErrors, hasErrors } = useLiveForm({
    schema: ProfileFormSchema,
    lastResult: actionData?.result,
  });
  // With JavaScript, Save waits for a valid change (spec 000 §5); without it (and in the server's HTML)
  // it stays enabled and the server answers "nothing changed".
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [changed, setChanged] = useState(false);
  const noteChange = (event: React.FormEvent<HTMLFormElement>) => {
    form.onInput(event);
    const values = Object.fromEntries(new FormData(event.currentTarget));
    setChanged(FIELDS.some(({ name }) => String(values[name] ?? "").trim() !== (profile[name] ?? "")));
  };
  return (
    <Form
      method="post"
      {...form}
      onInput={noteChange}
      className="mt-4 grid grid-cols-1 gap-x-6 sm:grid-cols-2"
    >
      <ActionToast toast={actionData?.toast} />
      {FIELDS.map(({ name, label, type }) => {
        const props = field(name);
        return (
          <FormInput
            key={name}
            label={label}
            type={type}
            {...props}
            defaultValue={props.defaultValue ?? profile[name] ?? ""}
          />
        );
      })}
      <div className="sm:col-span-2">
        <ErrorBox errors={formErrors} />
      </div>
      <div className="flex gap-3 sm:col-span-2">
        <button
          type="submit"
          disabled={busy || (live && (!changed || hasErrors))}
          className="rounded-full bg-slate-900 px-5 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:bg-slate-400"
        >
          {busy ? "Saving..." : "Save"}
        </button>
        <Link
          to="/settings/profile"
          className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium"
        >
          Cancel Edit
        </Link>
      </div>
    </Form>
  );
}

export default function ProfileRoute() {
  const { profile, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const showForm = editing || Boolean(actionData);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{fullName(profile)}</h2>
        {showForm ? null : (
          <Link
            to="?mode=edit"
            className="rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium"
          >
            Edit Profile
          </Link>
        )}
      </div>
      {showForm ? <ProfileForm profile={profile} /> : <ProfileDetails profile={profile} />}
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
