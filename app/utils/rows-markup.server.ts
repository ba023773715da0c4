import { renderToString } from "react-dom/server";
import type { RowsMarkup } from "~/components/data-table";

/** Markup by column set, then by rows; both weakly held, so markup lives only as long as its rows. */
const kept = new WeakMap<object, WeakMap<readonly unknown[], string>>();

/** Rows that cannot change: a frozen list of frozen rows, as the app keeps the API's answers (decision 006). */
function unchanging(rows: readonly unknown[]) {
  return (
    Object.isFrozen(rows) &&
    rows.every((row) => typeof row !== "object" || row === null || Object.isFrozen(row))
  );
}

/**
 * A table body's rows, written by React on their own (React supports a synchronous render inside
 * another). Kept for rows that cannot change, so the next page that shows the same rows with the same
 * columns sends the same markup without rendering them again (decision 029).
 */
export const keptRowsMarkup: RowsMarkup = (columns, rows, render) => {
  if (!unchanging(rows)) return renderToString(render());
  let byRows = kept.get(columns);
  if (!byRows) {
    byRows = new WeakMap();
    kept.set(columns, byRows);
  }
  let markup = byRows.get(rows);
  if (markup === undefined) {
    markup = renderToString(render());
    byRows.set(rows, markup);
  }
  return markup;
};
