import { SectionErrorBoundary } from "~/components/error-panel";
import { placeholderPage } from "~/components/frame/section-placeholder";
export { guardOnlyLoader as loader } from "~/components/frame/section.server";

export default placeholderPage("devices");

export const ErrorBoundary = SectionErrorBoundary;
