import { isRouteErrorResponse, useLocation, useRevalidator, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import type { FailureDescription, FailureKind } from "~/utils/error-catalogue";
import { describeFailure } from "~/utils/error-catalogue";
import { stopRefreshing } from "~/utils/freshness";
import { ActionToast } from "./toaster";

const KINDS: readonly FailureKind[] = ["bad-request", "unauthorized", "forbidden", "network", "other"];

// By hand rather than with zod, so pages without forms do not load zod just to show an error.
function isFailureDescription(value: unknown): value is FailureDescription {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    KINDS.some((kind) => kind === candidate.kind) &&
    typeof candidate.status === "number" &&
    typeof candidate.title === "string" &&
    Array.isArray(candidate.lines) &&
    candidate.lines.every((line) => typeof line === "string") &&
    typeof candidate.canRetry === "boolean" &&
    (candidate.toast === undefined || typeof candidate.toast === "string")
  );
}

export function describeRouteError(error: unknown): FailureDescription {
  if (isRouteErrorResponse(error)) {
    if (isFailureDescription(error.data)) return error.data;
    if (error.status === 404) {
      return {
        kind: "other",
        status: 404,
        title: "Not Found",
        lines: ["This record does not exist."],
        canRetry: false,
      };
    }
    return describeFailure({ status: error.status });
  }
  return describeFailure({ status: 500 });
}

function TryAgain() {
  const location = useLocation();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  // A plain link reloads the section's URL without JS; with JS the loaders run again in place.
  return (
    <a
      href={`${location.pathname}${location.search}`}
      onClick={(event) => {
        event.preventDefault();
        revalidator.revalidate();
      }}
      className="mt-4 inline-flex items-center rounded-full bg-slate-900 px-5 py-2 text-sm font-medium text-white hover:bg-slate-700"
      aria-disabled={retrying}
    >
      {retrying ? "Retrying..." : "Try Again"}
    </a>
  );
}

export function ErrorPanel({ description }: { description: FailureDescription }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (description.kind === "forbidden") stopRefreshing(pathname);
  }, [description.kind, pathname]);
  const tone = description.kind === "forbidden" ? "text-amber-700" : "text-red-700";
  return (
    <section
      role="alert"
      aria-labelledby="error-panel-title"
      className="mx-auto my-10 flex max-w-lg flex-col items-center rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <ActionToast toast={description.toast ? { type: "error", message: description.toast } : null} />
      <h2 id="error-panel-title" className={`text-xl font-semibold ${tone}`}>
        {description.title}
      </h2>
      {description.lines.map((line) => (
        <p key={line} className="mt-2 text-sm text-slate-600">
          {line}
        </p>
      ))}
      {description.canRetry ? <TryAgain /> : null}
    </section>
  );
}

/** Every section route exports this as its ErrorBoundary, so a failure stays inside the page frame. */
export function SectionErrorBoundary() {
  const error = useRouteError();
  return <ErrorPanel description={describeRouteError(error)} />;
}

/** Where the web server sends a form it refused before the app saw it (from another site, too large). */
export function StandaloneErrorPage({ description }: { description: FailureDescription }) {
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
