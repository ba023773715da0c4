import { MAX_DEVICE_ROWS } from "../schemas/devices";
import { DEVICE_SHEET } from "./devices";
import { READ_TOO_LARGE, READ_TOO_SLOW, createSpreadsheetReader } from "./spreadsheet-thread";

const text = (value: string) => new TextEncoder().encode(value);
const readers: ReturnType<typeof createSpreadsheetReader>[] = [];
const reader = (options: Parameters<typeof createSpreadsheetReader>[0] = {}) => {
  const made = createSpreadsheetReader(options);
  readers.push(made);
  return made;
};
afterAll(() => {
  for (const made of readers) made.close();
});

describe("createSpreadsheetReader", () => {
  it("reads files in its worker, one after another, in the order given", async () => {
    const worker = reader();
    const [first, second, long] = await Promise.all([
      worker.read("csv", text("Serial Number,Key\nA,k1"), DEVICE_SHEET),
      worker.read("csv", text("Serial Number,Key\nB,k2\nC,k3"), DEVICE_SHEET),
      worker.read(
        "csv",
        text(
          ["Serial Number,Key", ...Array.from({ length: MAX_DEVICE_ROWS + 1 }, (_, i) => `S${i},k`)].join(
            "\n",
          ),
        ),
        DEVICE_SHEET,
      ),
    ]);
    expect(first).toEqual({
      ok: true,
      rows: [{ line: 2, cells: { serialNumber: "A", key: "k1" }, roundedColumns: [] }],
    });
    expect(second).toMatchObject({ ok: true, rows: [{ line: 2 }, { line: 3 }] });
    expect(long).toEqual({ ok: false, fileError: DEVICE_SHEET.tooManyRowsMessage });
  });

  it("refuses a file that takes longer than its time limit, ending the worker", async () => {
    const hurried = reader({ timeLimitMs: 1 });
    expect(await hurried.read("csv", text("Serial Number,Key\nA,k1"), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: READ_TOO_SLOW,
    });
    // The next file gets a new worker (and the same limit).
    expect(await hurried.read("csv", text("Serial Number,Key\nA,k1"), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: READ_TOO_SLOW,
    });
  });

  it("refuses a file that runs the worker out of memory", async () => {
    const cramped = reader({ maxHeapMb: 1 });
    expect(await cramped.read("csv", text("Serial Number,Key\nA,k1"), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: READ_TOO_LARGE,
    });
  });
});
