import type { LoaderFunctionArgs } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SectionLayout } from "~/components/frame/section-layout";
import { sectionLoader } from "~/components/frame/section.server";

export async function loader(args: LoaderFunctionArgs) {
  return sectionLoader("inventory", args);
}

export default function InventoryLayout() {
  return <SectionLayout section="inventory" />;
}

export const ErrorBoundary = SectionErrorBoundary;
