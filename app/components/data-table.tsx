import type { ReactElement, ReactNode } from "react";
import { createContext, useContext } from "react";

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The row's title cell (a link to the record): bold, and the row header for screen readers. */
  primary?: boolean;
};

/**
 * Writes a table body's rows as markup, keeping it for rows that cannot change (decision 029). The server
 * provides one (`rows-markup.server.ts`); in the browser there is none, and React renders the rows.
 */
export type RowsMarkup = (columns: object, rows: readonly unknown[], render: () => ReactElement) => string;
export const RowsMarkupContext = createContext<RowsMarkup | null>(null);

const rowOnly = new WeakSet<object>();

/**
 * Columns whose cells show their row and nothing else: no hook, no context, no clock, nothing of the
 * request. The server may then write their rows once and send the same markup again for the same rows
 * (decision 029). Declare them once, at module level: a set made per render is never the same set twice.
 */
export function rowOnlyColumns<Row>(columns: Column<Row>[]): readonly Column<Row>[] {
  rowOnly.add(columns);
  return Object.freeze(columns);
}

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
  const rowsMarkup = useContext(RowsMarkupContext);
  const body = () =>
    rows.map((row) => (
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
    ));
  return (
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
        {rowsMarkup && rowOnly.has(columns) ? (
          // The same markup React writes for the rows below, so the browser hydrates them as its own.
          <tbody dangerouslySetInnerHTML={{ __html: rowsMarkup(columns, rows, () => <>{body()}</>) }} />
        ) : (
          <tbody>{body()}</tbody>
        )}
      </table>
    </div>
  );
}
