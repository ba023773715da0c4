import type { MetaFunction } from "@remix-run/node";
import { NotFoundPage } from "~/components/full-page-error";

export const meta: MetaFunction = () => [{ title: "Page Not Found — SolarDesk" }];

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
