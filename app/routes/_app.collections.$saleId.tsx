import type { MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { CasePage } from "~/features/collections/case-page";

export { caseAction as action, caseLoader as loader } from "~/features/collections/collections.server";

export const meta: MetaFunction = () => [{ title: "Collection case — SolarDesk" }];

export default function CollectionCaseRoute() {
  return <CasePage />;
}

export const ErrorBoundary = SectionErrorBoundary;
