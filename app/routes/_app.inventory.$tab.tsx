import { SectionErrorBoundary } from "~/components/error-panel";
import { placeholderMeta, placeholderPage } from "~/components/frame/section-placeholder";
export { guardOnlyLoader as loader } from "~/components/frame/section.server";

export const meta = placeholderMeta("inventory");

export default placeholderPage("inventory");

export const ErrorBoundary = SectionErrorBoundary;
