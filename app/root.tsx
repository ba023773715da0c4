import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useContext } from "react";
import { FullPageError, NotFoundPage, PublicEnvContext } from "./components/full-page-error";
import { Toaster } from "./components/toaster";
import { readToast } from "./toast.server";
import { useNonce } from "./utils/nonce";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "SolarDesk — staff back office" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await readToast(request);
  return data({ toast: toast ?? null }, { headers });
}

/** A route whose handle says `hydrate: false` is sent as plain HTML, without Remix's scripts. */
function useHydration() {
  return useMatches().every(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate !== false,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { supportEmail } = useContext(PublicEnvContext);
  // Inline scripts run only with this response's nonce (Content-Security-Policy, server/security-headers.ts).
  const nonce = useNonce();
  const hydrate = useHydration();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="support-email" content={supportEmail} />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-slate-50 text-slate-900">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <Toaster toast={root?.toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const currentPath = `${pathname}${search}`;
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    return <FullPageError status={error.status} offline={error.status === 503} currentPath={currentPath} />;
  }
  console.error(error);
  return <FullPageError status={500} detail="Unexpected Application Error!" currentPath={currentPath} />;
}
