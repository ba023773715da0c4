import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { formatNumber } from "~/utils/format";

/** One problem of a batch file: its line (the header is line 1), the column and what is wrong. */
type RowProblem = { row: number; column: string; message: string };

export type RowReportData = { errors: RowProblem[]; errorCount: number };

const COLUMNS: Column<RowProblem>[] = [
  { header: "Row", primary: true, cell: (problem) => problem.row },
  { header: "Column", cell: (problem) => problem.column },
  { header: "Message", cell: (problem) => problem.message },
];

export function RowReport({ errors, errorCount, advice }: RowReportData & { advice: string }) {
  if (errors.length === 0) return null;
  return (
    <section aria-labelledby="batch-report" className="mt-4">
      <h3 id="batch-report" className="text-base font-semibold text-slate-900">
        Problems in the file
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Nothing was uploaded. {advice}
        {errorCount > errors.length
          ? ` (the first ${formatNumber(errors.length)} of ${formatNumber(errorCount)} problems are listed).`
          : "."}
      </p>
      <DataTable
        caption="Problems in the file, by row and column"
        columns={COLUMNS}
        rows={errors}
        rowKey={(problem) => `${problem.row}:${problem.column}:${problem.message}`}
      />
    </section>
  );
}
