import { SectionErrorBoundary } from "~/components/error-panel";
import { placeholderPage } from "~/components/frame/section-placeholder";
export { guardOnlyLoader as loader } from "~/components/frame/section.server";

export default placeholderPage("customers");

export const ErrorBoundary = SectionErrorBoundary;
