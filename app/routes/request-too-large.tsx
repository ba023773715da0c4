import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { describeRouteError, StandaloneErrorPage } from "~/components/error-panel";
import { MESSAGES, describeFailure } from "~/utils/error-catalogue";

// Where the web server sends a form whose body is over its size limit (server/body-limit.ts).

export const meta: MetaFunction = () => [{ title: "Too Large — SolarDesk" }];

// Plain HTML: the address bar still shows the refused form's URL, as for Access Denied.
export const handle = { hydrate: false };

const description = () => describeFailure({ status: 413, message: [...MESSAGES.tooLargeLines] });

export async function loader() {
  throw data(description(), { status: 413 });
}

export default function RequestTooLargeRoute() {
  return <StandaloneErrorPage description={description()} />;
}

export function ErrorBoundary() {
  return <StandaloneErrorPage description={describeRouteError(useRouteError())} />;
}
