import type { UploadProblem } from "#backend/schemas/sale-uploads";
import { SALE_FILE_COLUMNS } from "#backend/schemas/sale-uploads";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { formatNumber } from "~/utils/format";

/** Pieces of the Batch Upload Sales screens: the file's columns and the report of its problems. */

export type UploadReport = { errors: UploadProblem[]; errorCount: number };

const REPORT_COLUMNS: Column<UploadProblem>[] = [
  { header: "Row", primary: true, cell: (problem) => problem.row },
  { header: "Column", cell: (problem) => problem.column },
  { header: "Message", cell: (problem) => problem.message },
];

/** The problems of a file that could not be kept for corrections (its columns, say). */
export function UploadProblems({ errors, errorCount }: UploadReport) {
  if (errors.length === 0) return null;
  return (
    <section aria-labelledby="upload-report" className="mt-4">
      <h3 id="upload-report" className="text-base font-semibold text-slate-900">
        Problems in the file
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Nothing was uploaded. Correct the file and send it again
        {errorCount > errors.length
          ? ` (the first ${formatNumber(errors.length)} of ${formatNumber(errorCount)} problems are listed).`
          : "."}
      </p>
      <DataTable
        caption="Problems in the file, by row and column"
        columns={REPORT_COLUMNS}
        rows={errors}
        rowKey={(problem) => `${problem.row}:${problem.column}:${problem.message}`}
      />
    </section>
  );
}

/** The columns of the file, as the template has them, with what each holds. */
export function SaleFileColumns() {
  return (
    <details className="mt-3 rounded-lg border border-slate-200 p-3 text-sm" open>
      <summary className="cursor-pointer font-medium text-slate-900">Columns of the file</summary>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {SALE_FILE_COLUMNS.map((column) => (
          <div key={column.header} className="contents">
            <dt className="font-mono text-slate-900">
              {column.header}
              {column.required ? <span className="text-red-700"> (required)</span> : null}
            </dt>
            <dd className="text-slate-700">{column.hint}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-slate-700">
        Each row is one sale of one product, checked like a sale made on screen and priced from today&apos;s
        stock. The customer receives the devices; instalment sales need no KYC here (the contract was signed
        where the sale was made); amountPaid becomes one payment of that method.
      </p>
    </details>
  );
}
