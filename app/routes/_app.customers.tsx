import type { LoaderFunctionArgs } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export async function loader(args: LoaderFunctionArgs) {
  return sectionLoader("customers", args);
}

export default function CustomersLayout() {
  return <SectionLayout section="customers" />;
}

export const ErrorBoundary = SectionErrorBoundary;
