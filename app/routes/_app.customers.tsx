import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("customers");

export default function CustomersLayout() {
  return <SectionLayout section="customers" />;
}

export const ErrorBoundary = SectionErrorBoundary;
