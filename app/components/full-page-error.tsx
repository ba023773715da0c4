import { createContext, useContext } from "react";
import { MESSAGES } from "~/utils/error-catalogue";

/** Values from the server's configuration that screens need even when no loader data exists. */
export type PublicEnv = { supportEmail: string };
export const PublicEnvContext = createContext<PublicEnv>({ supportEmail: "" });

/** Plain anchors: after an unexpected failure a full page load is the reliable way out. */
export function FullPageError({
  status = 500,
  offline = false,
  detail,
  currentPath,
}: {
  status?: number;
  offline?: boolean;
  detail?: string;
  currentPath: string;
}) {
  const { supportEmail } = useContext(PublicEnvContext);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <p className="text-6xl font-bold text-brand-600">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Internal Server Error</h1>
      <p className="mt-2 max-w-md text-slate-600">
        {offline ? MESSAGES.pageOfflineMessage : MESSAGES.pageErrorMessage}
      </p>
      {detail ? <p className="mt-2 text-sm font-medium text-slate-700">{detail}</p> : null}
      {supportEmail ? (
        <p className="mt-2 text-sm text-slate-600">
          If it persists, write to{" "}
          <a className="text-brand-700 underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          .
        </p>
      ) : null}
      <div className="mt-6 flex gap-3">
        <a href="/home" className="rounded-full bg-slate-900 px-5 py-2 text-sm font-medium text-white">
          Go back home
        </a>
        <a
          href={currentPath}
          className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium text-slate-800"
        >
          Refresh
        </a>
      </div>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <a href="/home" className="mt-6 rounded-full bg-slate-900 px-5 py-2 text-sm font-medium text-white">
        Go back Home
      </a>
    </main>
  );
}
