import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProfileFormSchema, UserRecordSchema } from "#backend/schemas/users";
import { apiRead, apiWrite } from "~/api.server";
import { CopyButton } from "~/components/copy-button";
import { DetailList } from "~/components/detail-list";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ActionToast } from "~/components/toaster";
import { commitSessionHeaders, requireSession, toSessionUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { capitalise, formatDate, formatTime, fullName } from "~/utils/format";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { NOTHING_CHANGED, StaffProfileForm, profileChanges } from "~/features/staff/staff-profile-form";

export const meta: MetaFunction = () => [{ title: "Profile — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const profile = await apiRead(request, "/v1/users/single", UserRecordSchema);
  return { profile, editing: new URL(request.url).searchParams.get("mode") === "edit" };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireSession(request);
  const submission = parseForm(await readFormData(request), ProfileFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const current = await apiRead(request, "/v1/users/single", UserRecordSchema);
  const changes = profileChanges(current, submission.value);
  if (Object.keys(changes).length === 0)
    return invalidSubmission(submission, { formErrors: [NOTHING_CHANGED], hideFields: ["currentPassword"] });
  const answer = await apiWrite(
    request,
    { method: "PATCH", path: "/v1/users", body: changes },
    UserRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      hideFields: ["currentPassword"],
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
  return <DetailList rows={rows} />;
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
      {showForm ? (
        <>
          <ActionToast toast={actionData?.toast} />
          <StaffProfileForm
            record={profile}
            lastResult={actionData?.result}
            cancelHref="/settings/profile"
            own
          />
        </>
      ) : (
        <ProfileDetails profile={profile} />
      )}
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
