import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { requirePermission } from "~/session.server";

export const meta: MetaFunction = () => [{ title: "Batch Upload Sales — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "write:Sales");
  return null;
}

export default function BatchUploadSalesRoute() {
  return (
    <Drawer title="Batch Upload Sales" closeTo="/sales/all">
      <p className="text-sm text-slate-700">
        Uploading a file of sales is being completed and is not available in this version yet. Sales can be
        made one by one with New Sales meanwhile.
      </p>
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
