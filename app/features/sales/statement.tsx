import type { StatementLine } from "#backend/schemas/sales";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { formatDate, formatNaira } from "~/utils/format";

/** Said beside the statement wherever it is shown, so nobody wonders what its two balances count. */
export const STATEMENT_DEFINITIONS =
  "Outstanding: the sale's total less everything paid by that day. Arrears: everything due by that day less everything paid by then, never below ₦0. Only money received counts (not failed payments, nor payments to be refunded).";

const amountOrBlank = (amount: number) => (amount ? formatNaira(amount) : "");

const COLUMNS: Column<StatementLine>[] = [
  { header: "Date", primary: true, cell: (line) => formatDate(line.date) },
  { header: "Description", cell: (line) => line.description },
  { header: "Due", cell: (line) => amountOrBlank(line.due) },
  { header: "Paid", cell: (line) => amountOrBlank(line.paid) },
  { header: "Outstanding", cell: (line) => formatNaira(line.outstanding) },
  { header: "Arrears", cell: (line) => formatNaira(line.arrears) },
];

/** Every instalment falling due and every payment received, in date order, with the balances after each. */
export function Statement({ lines, scrollsAlone }: { lines: StatementLine[]; scrollsAlone?: boolean }) {
  return (
    <>
      <DataTable
        caption="Statement"
        columns={COLUMNS}
        rows={lines}
        rowKey={(line) => `${line.date}:${line.description}`}
        scrollsAlone={scrollsAlone}
      />
      <p className="mt-3 text-sm text-slate-600">{STATEMENT_DEFINITIONS}</p>
    </>
  );
}
