import type { LoaderFunctionArgs } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export async function loader(args: LoaderFunctionArgs) {
  return sectionLoader("tickets", args);
}

export default function TicketsLayout() {
  return <SectionLayout section="tickets" />;
}

export const ErrorBoundary = SectionErrorBoundary;
