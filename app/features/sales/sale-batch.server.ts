import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SALES_UPLOADED } from "#backend/constants/sale-uploads";
import {
  SalesBatchFormSchema,
  SalesUploadReportSchema,
  SalesUploadedSchema,
} from "#backend/schemas/sale-uploads";
import { requireUser } from "~/session.server";
import { batchUploadAction } from "~/utils/create-actions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

// A file with row problems is kept and corrected on its own page; an unreadable one is answered here.
function correctionPage(refusal: unknown) {
  const report = SalesUploadReportSchema.safeParse(refusal);
  return report.success && report.data.uploadId ? `/sales/all/batch-upload/${report.data.uploadId}` : null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return batchUploadAction(request, {
    form: SalesBatchFormSchema,
    path: "/v1/csv-upload/process",
    answer: SalesUploadedSchema,
    failureToast: "Sales Upload Failed: Internal Server Error",
    correctionPage,
    done: { list: "/sales/all", message: SALES_UPLOADED, noun: "sale" },
  });
}
