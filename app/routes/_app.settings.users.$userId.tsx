import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { ErrorPanel, describeRouteError } from "~/components/error-panel";
import { StaffPanel } from "~/features/staff/staff-panel";
import { MESSAGES } from "~/utils/error-catalogue";
import { fullName } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import type { action, loader } from "~/features/staff/staff-drawer.server";

export { action, loader } from "~/features/staff/staff-drawer.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${fullName(data.staff)} — Staff — SolarDesk` : "Staff — SolarDesk" },
];

export default function StaffRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <StaffPanel {...loaded} answer={answer} />;
}

/** Reading the record failing has its own words and a retry (spec 000 §8); a refusal stays Access Denied. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const description = describeRouteError(error);
  const shown =
    description.kind === "forbidden"
      ? description
      : {
          ...description,
          title: MESSAGES.genericTitle,
          lines: ["Failed to fetch staff information"],
          canRetry: true,
        };
  return (
    <Drawer title="Staff" size="large" closeTo={listHref("/settings/users", location.search)}>
      <ErrorPanel description={shown} />
    </Drawer>
  );
}
