import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { describeRouteError, StandaloneErrorPage } from "~/components/error-panel";
import { describeFailure } from "~/utils/error-catalogue";

// Where the web server sends a form posted from another site (server/cross-site-guard.ts).

export const meta: MetaFunction = () => [{ title: "Access Denied — SolarDesk" }];

// Plain HTML: the browser's address bar still shows the refused form's URL, which the client router
// would otherwise try to load after hydrating.
export const handle = { hydrate: false };

export async function loader() {
  throw data(describeFailure({ status: 403 }), { status: 403 });
}

export default function AccessDeniedRoute() {
  return <StandaloneErrorPage description={describeFailure({ status: 403 })} />;
}

export function ErrorBoundary() {
  return <StandaloneErrorPage description={describeRouteError(useRouteError())} />;
}
