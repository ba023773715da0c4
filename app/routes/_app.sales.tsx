import type { LoaderFunctionArgs } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export async function loader(args: LoaderFunctionArgs) {
  return sectionLoader("sales", args);
}

export default function SalesLayout() {
  return <SectionLayout section="sales" />;
}

export const ErrorBoundary = SectionErrorBoundary;
