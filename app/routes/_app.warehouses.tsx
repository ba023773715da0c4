import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("warehouses");

export default function WarehousesLayout() {
  return <SectionLayout section="warehouses" />;
}

export const ErrorBoundary = SectionErrorBoundary;
