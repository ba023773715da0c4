import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { describeRouteError, ErrorPanel } from "~/components/error-panel";
import { describeFailure } from "~/utils/error-catalogue";

// Where the web server sends a form posted from another site (server/cross-site-guard.ts).

export const meta: MetaFunction = () => [{ title: "Access Denied — SolarDesk" }];

// Plain HTML: the browser's address bar still shows the refused form's URL, which the client router
// would otherwise try to load after hydrating.
export const handle = { hydrate: false };

export async function loader() {
  throw data(describeFailure({ status: 403 }), { status: 403 });
}

function AccessDeniedPage({ description }: { description: ReturnType<typeof describeFailure> }) {
  return (
    <main className="min-h-screen px-6 py-16">
      <ErrorPanel description={description} />
      <p className="text-center">
        <a href="/home" className="text-sm font-medium text-brand-700 underline">
          Go back home
        </a>
      </p>
    </main>
  );
}

export default function AccessDeniedRoute() {
  return <AccessDeniedPage description={describeFailure({ status: 403 })} />;
}

export function ErrorBoundary() {
  return <AccessDeniedPage description={describeRouteError(useRouteError())} />;
}
