import { SectionErrorBoundary } from "~/components/error-panel";
import { placeholderMeta, placeholderPage } from "~/components/frame/section-placeholder";
export { guardOnlyLoader as loader } from "~/components/frame/section.server";

export const meta = placeholderMeta("agents");

export default placeholderPage("agents");

export const ErrorBoundary = SectionErrorBoundary;
