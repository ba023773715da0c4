import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("products");

export default function ProductsLayout() {
  return <SectionLayout section="products" />;
}

export const ErrorBoundary = SectionErrorBoundary;
