import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("devices");

export default function DevicesLayout() {
  return <SectionLayout section="devices" />;
}

export const ErrorBoundary = SectionErrorBoundary;
