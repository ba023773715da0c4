import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export const loader = sectionLoader("settings");

export default function SettingsLayout() {
  return <SectionLayout section="settings" />;
}

export const ErrorBoundary = SectionErrorBoundary;
