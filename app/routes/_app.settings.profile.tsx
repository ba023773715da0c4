import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UserRecordSchema } from "#backend/schemas/records";
import { apiRead } from "~/api.server";
import { CopyButton } from "~/components/copy-button";
import { SectionErrorBoundary } from "~/components/error-panel";
import { capitalise, formatDate, formatTime, fullName } from "~/utils/format";

export const meta: MetaFunction = () => [{ title: "Profile — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { profile: await apiRead(request, "/v1/users/single", UserRecordSchema) };
}

export default function ProfileRoute() {
  const { profile } = useLoaderData<typeof loader>();
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
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold">{fullName(profile)}</h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
