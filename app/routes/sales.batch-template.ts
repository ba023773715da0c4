import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/session.server";
import { downloadCsv } from "~/utils/downloads.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return downloadCsv(request, {
    path: "/v1/csv-upload/template",
    back: "/sales/all/batch-upload",
    failed: "Template download failed",
  });
}
