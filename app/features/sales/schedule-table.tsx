import { DataTable } from "~/components/data-table";
import type { Column } from "~/components/data-table";
import { formatDate, formatNaira } from "~/utils/format";

type Line = { number: number; dueDate: string; amount: number };

/** A schedule's rows as the sale page's Schedule panel names them; that panel adds what was paid. */
export const SCHEDULE_LINE_COLUMNS: Column<Line>[] = [
  {
    header: "Installment",
    primary: true,
    cell: (line) => (line.number === 0 ? "Deposit" : `Month ${line.number}`),
  },
  { header: "Due Date", cell: (line) => formatDate(line.dueDate) },
  { header: "Amount", cell: (line) => formatNaira(line.amount) },
];

/** Schedule rows (naira) under a visible title that also names the table. */
export function ScheduleTable({ caption, lines }: { caption: string; lines: readonly Line[] }) {
  return (
    <div>
      <p aria-hidden="true" className="text-sm font-medium text-slate-900">
        {caption}
      </p>
      <DataTable
        caption={caption}
        columns={SCHEDULE_LINE_COLUMNS}
        rows={lines}
        rowKey={(line) => String(line.number)}
      />
    </div>
  );
}
