import { utils as sheetUtils, write as writeWorkbook } from "@e965/xlsx";
import ExcelJS from "exceljs";
import { MAX_DEVICE_ROWS } from "../schemas/devices";
import {
  NOT_READABLE,
  normaliseHeader,
  readCsvRows,
  readWholeFirstSheet,
  readXlsRows,
  readXlsxRows,
  unpackedZipSize,
} from "./spreadsheet-rows";
import { DEVICE_SHEET, withoutSecrets } from "./devices";

const { noRowsMessage: NO_ROWS, tooManyRowsMessage: TOO_MANY_ROWS } = DEVICE_SHEET;

const text = (value: string) => new TextEncoder().encode(value);

async function xlsx(rows: ExcelJS.CellValue[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Devices");
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet("Notes").addRow(["Serial Number", "Key"]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe("normaliseHeader", () => {
  it("ignores case, spaces and underscores", () => {
    for (const header of [
      "Serial Number",
      " serial  number ",
      "SERIAL_NUMBER",
      "SerialNumber",
      "serial\tnumber",
    ]) {
      expect(normaliseHeader(header)).toBe("serialnumber");
    }
  });
});

describe("readCsvRows", () => {
  it("numbers rows by their line in the file, blank lines and multi-line cells included", () => {
    const result = readCsvRows(text('\uFEFFKey,Serial Number\n\nk1,A\n"k\n2",B\r\nk3,C'), DEVICE_SHEET);
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 3, cells: { key: "k1", serialNumber: "A" }, roundedColumns: [] },
        { line: 4, cells: { key: "k\n2", serialNumber: "B" }, roundedColumns: [] },
        { line: 6, cells: { key: "k3", serialNumber: "C" }, roundedColumns: [] },
      ],
    });
  });

  it("keeps short rows and leaves cells of unknown width out", () => {
    const result = readCsvRows(text("Serial Number,Key,Count\nA,k\nB,k,2,extra\n"), DEVICE_SHEET);
    expect(result).toMatchObject({
      ok: true,
      rows: [
        { line: 2, cells: { serialNumber: "A", key: "k" } },
        { line: 3, cells: { serialNumber: "B", key: "k", count: "2" } },
      ],
    });
  });

  it("reports a broken quote with its line", () => {
    const result = readCsvRows(text('Serial Number,Key\nA,"k\n'), DEVICE_SHEET);
    expect(result).toMatchObject({ ok: false, errors: [{ row: 2, column: "" }] });
  });

  it("needs at least one device and at most the limit", () => {
    expect(readCsvRows(text("Serial Number,Key\n,\n"), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: NO_ROWS,
    });
    const rows = Array.from({ length: MAX_DEVICE_ROWS + 1 }, (_, index) => `S${index},k`);
    expect(readCsvRows(text(["Serial Number,Key", ...rows].join("\n")), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: TOO_MANY_ROWS,
    });
    expect(readCsvRows(text(["Serial Number,Key", ...rows.slice(1)].join("\n")), DEVICE_SHEET)).toMatchObject(
      { ok: true },
    );
  });
});

describe("readXlsxRows", () => {
  it("reads the first sheet's cells as text, with rows numbered as the sheet shows them", async () => {
    const result = await readXlsxRows(
      await xlsx([
        ["Serial Number", "Key", "Count", "Restricted Digit Mode", "Hardware Model"],
        [],
        [12345678, { richText: [{ text: "ab" }, { text: "cd" }] }, 3, true, { formula: "1+1", result: 2 }],
      ]),
      DEVICE_SHEET,
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          line: 3,
          cells: {
            serialNumber: "12345678",
            key: "abcd",
            count: "3",
            restrictedDigitMode: "true",
            hardwareModel: "2",
          },
          roundedColumns: [],
        },
      ],
    });
  });

  // exceljs' streaming reader now and then stops before a zip's last entries; the files exceljs itself
  // writes put the workbook part last, so about one read in a hundred or two failed (and more under load).
  it("reads a workbook whose workbook part comes last every time", async () => {
    const bytes = await xlsx([
      ["Serial Number", "Key"],
      ["A1", "k1"],
    ]);
    const failures: number[] = [];
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const result = await readXlsxRows(bytes, DEVICE_SHEET);
      if (!result.ok || result.rows[0]?.cells.serialNumber !== "A1") failures.push(attempt);
    }
    expect(failures).toEqual([]);
  });

  it("notices a key a spreadsheet kept as a rounded number", async () => {
    const result = await readXlsxRows(
      await xlsx([
        ["Serial Number", "Key"],
        ["A", 12345678901234567890],
      ]),
      DEVICE_SHEET,
    );
    expect(result).toMatchObject({ ok: true, rows: [{ roundedColumns: ["Key"] }] });
  });

  it("refuses what only looks like a workbook", async () => {
    expect(await readXlsxRows(text("PK\u0003\u0004 not really a zip"), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: NOT_READABLE,
    });
  });
});

describe("readWholeFirstSheet (when streaming keeps falling short)", () => {
  it("reads the same rows, lines and rounded numbers as the streaming read", async () => {
    const bytes = await xlsx([
      ["Serial Number", "Key", "Count", "Restricted Digit Mode", "Hardware Model"],
      [],
      [12345678, { richText: [{ text: "ab" }, { text: "cd" }] }, 3, true, { formula: "1+1", result: 2 }],
      ["B", 12345678901234567890],
    ]);
    const whole = await readWholeFirstSheet(bytes, DEVICE_SHEET);
    expect(whole).toMatchObject({
      ok: true,
      rows: [{ line: 3, cells: { serialNumber: "12345678", key: "abcd" } }, { roundedColumns: ["Key"] }],
    });
    expect(whole).toEqual(await readXlsxRows(bytes, DEVICE_SHEET));
  });

  it("refuses a row too wide, too many rows, and bytes that are not a workbook", async () => {
    const wide = await xlsx([
      ["Serial Number", "Key"],
      Array.from({ length: 300 }, (_, index) => `c${index}`),
    ]);
    expect(await readWholeFirstSheet(wide, DEVICE_SHEET)).toEqual(await readXlsxRows(wide, DEVICE_SHEET));
    expect(await readWholeFirstSheet(wide, DEVICE_SHEET)).toMatchObject({ ok: false });
    const long = await xlsx([
      ["Serial Number", "Key"],
      ...Array.from({ length: MAX_DEVICE_ROWS + 1 }, (_, index) => [`S${index}`, "k"]),
    ]);
    expect(await readWholeFirstSheet(long, DEVICE_SHEET)).toEqual({ ok: false, fileError: TOO_MANY_ROWS });
    expect(await readWholeFirstSheet(text("PK\u0003\u0004 not really a zip"), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: NOT_READABLE,
    });
  });
});

describe("readXlsRows", () => {
  /** An old binary Excel (BIFF8) workbook, as Excel 97–2003 saves it. */
  function xls(rows: (string | number)[][], origin = "A1") {
    const sheet = sheetUtils.aoa_to_sheet([]);
    sheetUtils.sheet_add_aoa(sheet, rows, { origin });
    const workbook = sheetUtils.book_new();
    sheetUtils.book_append_sheet(workbook, sheet, "Devices");
    return new Uint8Array(writeWorkbook(workbook, { type: "array", bookType: "biff8" }) as ArrayBuffer);
  }

  it("reads the first sheet's cells as text, lines numbered as the sheet shows them", () => {
    const result = readXlsRows(
      xls([["Serial Number", "Key"], ["A-1", "k1"], [], [12345, "k2"]], "A2"),
      DEVICE_SHEET,
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 3, cells: { serialNumber: "A-1", key: "k1" }, roundedColumns: [] },
        { line: 5, cells: { serialNumber: "12345", key: "k2" }, roundedColumns: [] },
      ],
    });
  });

  it("refuses bytes that are not a workbook", () => {
    expect(readXlsRows(text("\u00d0\u00cf\u0011\u00e0 not really"), DEVICE_SHEET)).toMatchObject({
      ok: false,
    });
  });
});

describe("unpackedZipSize", () => {
  it("adds up the sizes the central directory declares", async () => {
    const bytes = await xlsx([["Serial Number", "Key"]]);
    const size = unpackedZipSize(bytes);
    expect(size).toBeGreaterThan(bytes.byteLength);
    expect(size).toBeLessThan(100_000);
    expect(unpackedZipSize(text("no zip here"))).toBeNull();
  });
});

describe("withoutSecrets", () => {
  it("keeps the database's code and constraint, never the statement's parameters", () => {
    const key = "00112233445566778899aabbccddeeff";
    const cause = Object.assign(
      new Error(`new row violates check constraint, failing row contains (${key})`),
      {
        code: "23514",
        constraint: "devices_check",
      },
    );
    const error = new Error(`Failed query: insert into "devices" … params: SN-1,${key}`, { cause });
    const safe = withoutSecrets(error);
    expect(safe.message).toBe("Writing devices failed (23514, devices_check)");
    expect(JSON.stringify([safe.message, safe.stack, safe.cause])).not.toContain(key);
  });
});
