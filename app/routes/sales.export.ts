import type { LoaderFunctionArgs } from "@remix-run/node";
import { SalesExportFormSchema } from "#backend/schemas/sale-uploads";
import { requireUser } from "~/session.server";
import { redirectWithError } from "~/toast.server";
import { downloadCsv } from "~/utils/downloads.server";

/** A URL typed by hand is checked again here and sent back to the Export Data form on failure. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const raw = Object.fromEntries(
    ["startDate", "endDate", "status"].flatMap((name) => {
      const value = url.searchParams.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const query = SalesExportFormSchema.safeParse(raw);
  if (!query.success) {
    return redirectWithError("/sales/all/export", `Export failed: ${query.error.issues[0].message}`);
  }
  return downloadCsv(request, {
    path: "/v1/csv-upload/export-sales",
    query: query.data,
    back: "/sales/all/export",
  });
}
