import type { LoaderFunctionArgs } from "@remix-run/node";
import { useMatches } from "@remix-run/react";
import type { SaleStats } from "#backend/schemas/sales";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export async function loader(args: LoaderFunctionArgs) {
  return sectionLoader("sales", args);
}

// The list pages read the counters (after verifying a returned payment); elsewhere only All Sales has one.
function useTabCounts() {
  const stats = useMatches()
    .map((match) => (match.data as { stats?: SaleStats } | null | undefined)?.stats)
    .find((found) => found?.byTab);
  return stats?.byTab;
}

export default function SalesLayout() {
  return <SectionLayout section="sales" tabCounts={useTabCounts()} />;
}

export const ErrorBoundary = SectionErrorBoundary;
