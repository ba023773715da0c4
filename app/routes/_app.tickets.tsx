import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("tickets");

export default function TicketsLayout() {
  return <SectionLayout section="tickets" />;
}

export const ErrorBoundary = SectionErrorBoundary;
