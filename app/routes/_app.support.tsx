import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("support");

export default function SupportLayout() {
  return <SectionLayout section="support" />;
}

export const ErrorBoundary = SectionErrorBoundary;
