import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import {
  MAX_LISTED_ROWS,
  SALES_UPLOADED,
  SALE_FILE_COLUMNS,
  SALE_FILE_FIELDS,
  SaleUploadRecordSchema,
  SalesUploadReportSchema,
  SalesUploadedSchema,
  UploadRowValuesSchema,
} from "#backend/schemas/sale-uploads";
import type { SaleUploadRecord } from "#backend/schemas/sale-uploads";
import { apiRead, apiWrite } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { SaleFileColumns } from "~/features/sales/sale-uploads";
import { requireUser } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import { formatNumber } from "~/utils/format";
import { readFormData } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

export const meta: MetaFunction = () => [{ title: "Correct the Sales File — SolarDesk" }];

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

type FailedRow = SaleUploadRecord["failedRows"][number];

function RowForm({ failed }: { failed: FailedRow }) {
  const problemsOf = (field: string) =>
    failed.problems.filter((problem) => problem.column === field).map((problem) => problem.message);
  const others = failed.problems.filter(
    (problem) => !SALE_FILE_FIELDS.includes(problem.column as (typeof SALE_FILE_FIELDS)[number]),
  );
  const legendId = `row-${failed.row}-legend`;
  return (
    <Form
      method="post"
      id={`row-${failed.row}`}
      className="rounded-xl border border-slate-200 p-4"
      aria-labelledby={legendId}
    >
      <h3 id={legendId} className="text-base font-semibold text-slate-900">
        Row {failed.row}
      </h3>
      {others.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-sm text-red-700">
          {others.map((problem) => (
            <li key={`${problem.column}:${problem.message}`}>
              {problem.column}: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <input type="hidden" name="row" value={failed.row} />
      <div className="mt-2 grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        {SALE_FILE_COLUMNS.map((column) => (
          <FormInput
            key={column.field}
            label={column.header}
            id={`row-${failed.row}-${column.field}`}
            name={column.field}
            defaultValue={failed.values[column.field] ?? ""}
            errors={problemsOf(column.field)}
            hint={column.hint}
            autoComplete="off"
          />
        ))}
      </div>
      <SubmitButton pendingText="Saving..." className="mt-2">
        Save row {failed.row}
      </SubmitButton>
    </Form>
  );
}

export default function CorrectSalesUploadRoute() {
  const { upload } = useLoaderData<typeof loader>();
  const location = useLocation();
  const fileRows = upload.failedRows.filter((failed) => failed.row === 1);
  const rows = upload.failedRows.filter((failed) => failed.row !== 1);
  return (
    <Drawer title="Correct the Sales File" size="large" closeTo={listHref("/sales/all", location.search)}>
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">{upload.fileName}</span>: {formatNumber(upload.rowCount)}{" "}
        sale{upload.rowCount === 1 ? "" : "s"}.{" "}
        {upload.errorCount === 0
          ? "Every row passes now: upload the sales."
          : `${formatNumber(upload.errorCount)} problem${upload.errorCount === 1 ? "" : "s"} to correct. Nothing has been stored yet.`}
      </p>
      {fileRows.length > 0 ? (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          The file itself has problems: {fileRows[0].problems.map((problem) => problem.message).join("; ")}.
          Upload a corrected file instead.
        </div>
      ) : null}
      <SaleFileColumns />
      {rows.length > 0 ? (
        <section aria-labelledby="failed-rows" className="mt-4 flex flex-col gap-3">
          <h2 id="failed-rows" className="text-lg font-semibold text-slate-900">
            Rows with problems
            {upload.failedRows.length >= MAX_LISTED_ROWS ? ` (the first ${MAX_LISTED_ROWS} are shown)` : ""}
          </h2>
          {rows.map((failed) => (
            <RowForm key={failed.row} failed={failed} />
          ))}
        </section>
      ) : null}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="commit" />
        <SubmitButton pendingText="Uploading...">Upload Sales</SubmitButton>
      </Form>
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
