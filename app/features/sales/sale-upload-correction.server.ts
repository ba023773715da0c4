import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SALES_UPLOADED, SALE_FILE_FIELDS } from "#backend/constants/sale-uploads";
import {
  SaleUploadRecordSchema,
  SalesUploadReportSchema,
  SalesUploadedSchema,
  UploadRowValuesSchema,
} from "#backend/schemas/sale-uploads";
import { apiRead, apiWrite } from "~/api.server";
import { requireUser } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import { formatNumber } from "~/utils/format";
import { readFormData } from "~/utils/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const upload = await apiRead(
    request,
    `/v1/csv-upload/${encodeURIComponent(params.uploadId ?? "")}`,
    SaleUploadRecordSchema,
  );
  return { upload };
}

// The API checks the whole batch again on each save; 'Upload Sales' commits it, all or nothing.
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = encodeURIComponent(params.uploadId ?? "");
  const here = new URL(request.url).pathname;
  const formData = await readFormData(request);
  if (formData.get("intent") === "commit") {
    const answer = await apiWrite(
      request,
      { method: "POST", path: `/v1/csv-upload/${id}/commit` },
      SalesUploadedSchema,
    );
    if (answer.ok) {
      const { count } = answer.data;
      return redirectWithSuccess("/sales/all", {
        message: SALES_UPLOADED,
        description: `${formatNumber(count)} sale${count === 1 ? "" : "s"} added.`,
      });
    }
    const report = SalesUploadReportSchema.safeParse(answer.failure.body);
    return redirectWithError(
      here,
      report.success
        ? `Nothing was uploaded: ${formatNumber(report.data.errorCount)} problem${report.data.errorCount === 1 ? "" : "s"} remain`
        : `Sales Upload Failed: ${answer.failure.message ?? "Internal Server Error"}`,
    );
  }
  const row = String(formData.get("row") ?? "");
  const values = UploadRowValuesSchema.safeParse(
    Object.fromEntries(SALE_FILE_FIELDS.map((field) => [field, String(formData.get(field) ?? "")])),
  );
  if (!values.success) return redirectWithError(here, `Row ${row} was not saved: a cell is too long`);
  const answer = await apiWrite(
    request,
    {
      method: "PATCH",
      path: `/v1/csv-upload/${id}/rows/${encodeURIComponent(row)}`,
      body: { values: values.data },
    },
    SaleUploadRecordSchema,
  );
  if (!answer.ok)
    return redirectWithError(here, `Row ${row} was not saved: ${answer.failure.message ?? "try again"}`);
  const stillFailing = answer.data.failedRows.some((failed) => String(failed.row) === row);
  return stillFailing
    ? redirectWithError(`${here}#row-${row}`, `Row ${row} is saved but still has problems`)
    : redirectWithSuccess(here, `Row ${row} passes now`);
}
