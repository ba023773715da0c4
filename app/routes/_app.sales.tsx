import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("sales");

export default function SalesLayout() {
  return <SectionLayout section="sales" />;
}

export const ErrorBoundary = SectionErrorBoundary;
