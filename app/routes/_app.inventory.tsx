import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("inventory");

export default function InventoryLayout() {
  return <SectionLayout section="inventory" />;
}

export const ErrorBoundary = SectionErrorBoundary;
