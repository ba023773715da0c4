import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CopyButton } from "~/components/copy-button";
import { DetailList } from "~/components/detail-list";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ActionToast } from "~/components/toaster";
import { capitalise, formatDate, formatTime, fullName } from "~/utils/format";
import { StaffProfileForm } from "~/features/staff/staff-profile-form";
import type { action, loader } from "~/features/staff/profile.server";

export { action, loader } from "~/features/staff/profile.server";

export const meta: MetaFunction = () => [{ title: "Profile — SolarDesk" }];

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
