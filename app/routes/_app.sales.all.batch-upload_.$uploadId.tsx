import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { MAX_LISTED_ROWS, SALE_FILE_COLUMNS, SALE_FILE_FIELDS } from "#backend/constants/sale-uploads";
import type { SaleUploadRecord } from "#backend/schemas/sale-uploads";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { SaleFileColumns } from "~/features/sales/sale-uploads";
import { formatNumber } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import type { loader } from "~/features/sales/sale-upload-correction.server";

export { action, loader } from "~/features/sales/sale-upload-correction.server";

export const meta: MetaFunction = () => [{ title: "Correct the Sales File — SolarDesk" }];

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
