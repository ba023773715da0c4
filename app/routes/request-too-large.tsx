import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { describeRouteError, ErrorPanel } from "~/components/error-panel";
import { MESSAGES, describeFailure } from "~/utils/error-catalogue";

// Where the web server sends a form whose body is over its size limit (server/body-limit.ts).

export const meta: MetaFunction = () => [{ title: "Too Large — SolarDesk" }];

// Plain HTML: the address bar still shows the refused form's URL, as for Access Denied.
export const handle = { hydrate: false };

const description = () => describeFailure({ status: 413, message: [...MESSAGES.tooLargeLines] });

export async function loader() {
  throw data(description(), { status: 413 });
}

function RequestTooLargePage({ failure }: { failure: ReturnType<typeof describeFailure> }) {
  return (
    <main className="min-h-screen px-6 py-16">
      <ErrorPanel description={failure} />
      <p className="text-center">
        <a href="/home" className="text-sm font-medium text-brand-700 underline">
          Go back home
        </a>
      </p>
    </main>
  );
}

export default function RequestTooLargeRoute() {
  return <RequestTooLargePage failure={description()} />;
}

export function ErrorBoundary() {
  return <RequestTooLargePage failure={describeRouteError(useRouteError())} />;
}
