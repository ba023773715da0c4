import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/session.server";
import { downloadCsv } from "~/utils/downloads.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return downloadCsv(request, {
    path: "/v1/device/batch-upload/template",
    back: "/devices/all/batch",
    failed: "Template download failed",
  });
}
