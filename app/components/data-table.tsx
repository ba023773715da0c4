import type { ReactNode } from "react";

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The row's title cell (a link to the record): bold, and the row header for screen readers. */
  primary?: boolean;
};

/** A list's rows as a table that scrolls sideways on narrow screens rather than squeezing its columns. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  scrollsAlone,
}: {
  /** A wide table without links in a narrow place (a drawer): its scrolling box takes keyboard focus. */
  scrollsAlone?: boolean;
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <>
      {columns.length > 2 ? (
        // Seen only where the columns cannot all fit: the table itself tells screen readers what it holds.
        <p aria-hidden="true" className="mt-3 text-xs text-slate-500 sm:hidden">
          {columns.length} columns: scroll sideways to see them all →
        </p>
      ) : null}
      <div
        className="mt-4 overflow-x-auto"
        {...(scrollsAlone
          ? { tabIndex: 0, role: "region", "aria-label": `${caption} (scrolls sideways)` }
          : {})}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="py-2 pr-4 last:pr-0">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-slate-100 hover:bg-slate-50">
                {columns.map((column) =>
                  column.primary ? (
                    <th key={column.header} scope="row" className="py-2 pr-4 font-medium last:pr-0">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className="py-2 pr-4 last:pr-0">
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
