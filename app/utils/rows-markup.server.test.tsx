import { renderToString } from "react-dom/server";
import type { Column } from "~/components/data-table";
import { DataTable, RowsMarkupContext, rowOnlyColumns } from "~/components/data-table";
import { keptRowsMarkup } from "./rows-markup.server";

type Row = { id: string; name: string; amount: number };

let cellCalls = 0;
const counted = (text: string) => {
  cellCalls += 1;
  return text;
};

const columnList = (): Column<Row>[] => [
  { header: "Name", primary: true, cell: (row) => <a href={`/rows/${row.id}`}>{counted(row.name)}</a> },
  { header: "Amount", cell: (row) => `₦${row.amount}` },
  { header: "Note", cell: (row) => ["a", row.id, "b"] },
];
const ROW_ONLY = rowOnlyColumns(columnList());

const rowsOf = (...names: string[]): Row[] =>
  names.map((name, index) => ({ id: `r${index}`, name, amount: index }));
const frozenRows = (...names: string[]) => Object.freeze(rowsOf(...names).map((row) => Object.freeze(row)));

function table(columns: readonly Column<Row>[], rows: readonly Row[], withKeeper = true) {
  const element = <DataTable caption="Rows" columns={columns} rows={rows} rowKey={(row) => row.id} />;
  return renderToString(
    withKeeper ? (
      <RowsMarkupContext.Provider value={keptRowsMarkup}>{element}</RowsMarkupContext.Provider>
    ) : (
      element
    ),
  );
}

beforeEach(() => {
  cellCalls = 0;
});

describe("rows written once (decision 029)", () => {
  it("writes the same markup React writes for the rows in place, so the browser hydrates them as its own", () => {
    const rows = frozenRows("Ada", "Bola");
    const inPlace = table(columnList(), rows, false);
    expect(table(ROW_ONLY, rows)).toBe(inPlace);
    // Kept and sent again: still the same.
    expect(table(ROW_ONLY, rows)).toBe(inPlace);
    expect(inPlace).toContain("<tbody><tr");
    expect(inPlace).toContain("a<!-- -->r1<!-- -->b");
  });

  it("renders rows that cannot change once, and sends their markup again", () => {
    const rows = frozenRows("Ada", "Bola");
    const first = table(ROW_ONLY, rows);
    expect(cellCalls).toBe(2);
    expect(table(ROW_ONLY, rows)).toBe(first);
    expect(cellCalls).toBe(2);
  });

  it("renders rows every time when they could change: a list or a row not frozen", () => {
    const open = rowsOf("Ada");
    table(ROW_ONLY, open);
    open[0].name = "Changed";
    expect(table(ROW_ONLY, open)).toContain("Changed");
    expect(cellCalls).toBe(2);

    const frozenListOfOpenRows = Object.freeze(rowsOf("Ada"));
    table(ROW_ONLY, frozenListOfOpenRows);
    frozenListOfOpenRows[0].name = "Changed too";
    expect(table(ROW_ONLY, frozenListOfOpenRows)).toContain("Changed too");
  });

  it("keeps markup per column set: the same rows under other columns are written for those", () => {
    const rows = frozenRows("Ada");
    const other = rowOnlyColumns<Row>([{ header: "Only name", cell: (row) => `Name: ${row.name}` }]);
    expect(table(ROW_ONLY, rows)).toContain("Ada</a>");
    const underOther = table(other, rows);
    expect(underOther).toContain("Name: Ada");
    expect(underOther).not.toContain("</a>");
  });

  it("leaves columns not declared row-only to React's render in place, every time", () => {
    const rows = frozenRows("Ada");
    const columns = columnList();
    table(columns, rows);
    table(columns, rows);
    expect(cellCalls).toBe(2);
  });

  it("renders in place without a keeper (the browser, or a render outside the app's document)", () => {
    const rows = frozenRows("Ada");
    table(ROW_ONLY, rows, false);
    table(ROW_ONLY, rows, false);
    expect(cellCalls).toBe(2);
  });

  it("declares row-only columns frozen, so no one adds a column to a set whose rows were kept", () => {
    expect(Object.isFrozen(ROW_ONLY)).toBe(true);
    expect(() => (ROW_ONLY as Column<Row>[]).push({ header: "Late", cell: () => "" })).toThrow(TypeError);
  });
});
