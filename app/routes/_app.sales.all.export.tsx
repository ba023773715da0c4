import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { guardOnlyLoader } from "~/components/frame/section.server";

export const meta: MetaFunction = () => [{ title: "Export Data — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return guardOnlyLoader(args);
}

export default function ExportSalesRoute() {
  return (
    <Drawer title="Export Data" size="small" closeTo="/sales/all">
      <p className="text-sm text-slate-700">
        Exporting sales to a CSV file is being completed and is not available in this version yet.
      </p>
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
