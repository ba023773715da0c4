import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("agents");

export default function AgentsLayout() {
  return <SectionLayout section="agents" />;
}

export const ErrorBoundary = SectionErrorBoundary;
