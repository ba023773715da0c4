import { parse } from "csv-parse/sync";
import { csvResponse, inBatches, neutraliseFormula } from "./csv";

async function* rowsOf(rows: unknown[][]) {
  yield* rows;
}

describe("CSV exports", () => {
  it("neutralise every cell a spreadsheet would read as a formula", () => {
    for (const hostile of ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(neutraliseFormula(hostile)).toBe(`'${hostile}`);
    }
    expect(neutraliseFormula("Lagos")).toBe("Lagos");
  });

  it("neutralise the full-width forms of the formula signs, which spreadsheets read as the ASCII ones", () => {
    for (const hostile of ['\uFF1DHYPERLINK("http://x")', "\uFF0B1+1", "\uFF0D2+3", "\uFF20SUM(A1)"]) {
      expect(neutraliseFormula(hostile)).toBe(`'${hostile}`);
    }
    expect(neutraliseFormula("Lagos \uFF1D Abuja")).toBe("Lagos \uFF1D Abuja");
    expect(neutraliseFormula(12)).toBe("12");
    expect(neutraliseFormula(null)).toBe("");
  });

  it("stream a header and rows that parse back, quotes and commas included", async () => {
    const response = csvResponse(
      "list.csv",
      ["Name", "Note"],
      rowsOf([
        ["A, B", 'say "hi"'],
        ["=1+1", "x"],
      ]),
    );
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="list.csv"');
    const text = (await response.text()).replace(/^\uFEFF/, "");
    expect(parse(text)).toEqual([
      ["Name", "Note"],
      ["A, B", 'say "hi"'],
      ["'=1+1", "x"],
    ]);
  });

  it("read in batches until a short one", async () => {
    const all = Array.from({ length: 25 }, (_, index) => ({ id: index + 1 }));
    const calls: (number | null)[] = [];
    const read = async (after: number | null, limit: number) => {
      calls.push(after);
      return all.filter((row) => row.id > (after ?? 0)).slice(0, limit);
    };
    const seen: number[] = [];
    for await (const row of inBatches(read, (row) => row.id, 10)) seen.push(row.id);
    expect(seen).toEqual(all.map((row) => row.id));
    expect(calls).toEqual([null, 10, 20]);
  });
});
