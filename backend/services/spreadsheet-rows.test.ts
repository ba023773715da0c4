import ExcelJS from "exceljs";
import { MAX_DEVICE_ROWS } from "../schemas/devices";
import { MAX_UPLOAD_BYTES } from "../schemas/files";
import { sheetXml, xlsOf, xlsxBomb, xlsxOf, xlsxWithoutReferences } from "../test/spreadsheet-files";
import {
  NOT_READABLE,
  normaliseHeader,
  rangeTooLargeMessage,
  readCsvRows,
  readXlsRows,
  readXlsxRows,
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

describe("readCsvRows, on files built to be slow", () => {
  const SMALL = { ...DEVICE_SHEET, maxRows: 10 };

  it("stops at the first row more than allowed", () => {
    const rows = Array.from({ length: 200_000 }, (_, index) => `S${index},k`);
    expect(readCsvRows(text(["Serial Number,Key", ...rows].join("\n")), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: TOO_MANY_ROWS,
    });
  });

  it("refuses more lines than twice the rows allowed, blank ones counted", () => {
    const blank = "\n".repeat(2 * (SMALL.maxRows + 1));
    expect(readCsvRows(text(`Serial Number,Key\nA,k${blank}`), SMALL)).toEqual({
      ok: false,
      fileError: SMALL.tooManyRowsMessage,
    });
    expect(readCsvRows(text(`Serial Number,Key\nA,k${blank.slice(2)}`), SMALL)).toMatchObject({ ok: true });
  });

  it("refuses a row of more than 100 cells, naming its line", () => {
    const wide = Array.from({ length: 101 }, (_, index) => `c${index}`).join(",");
    expect(readCsvRows(text(`Serial Number,Key\nA,k\n\n${wide}\nB,k`), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: "Row 4 has more than 100 columns",
    });
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

  it("reads a workbook written by hand, and refuses one whose cells carry no references", async () => {
    const rows = [
      ["Serial Number", "Key"],
      ["A-1", "k1"],
    ];
    expect(await readXlsxRows(xlsxOf(sheetXml(rows, { dimension: "A1:B2" })), DEVICE_SHEET)).toEqual({
      ok: true,
      rows: [{ line: 2, cells: { serialNumber: "A-1", key: "k1" }, roundedColumns: [] }],
    });
    // Such a sheet once sent the reading to the whole-workbook reader, which held every row in memory.
    expect(
      await readXlsxRows(xlsxWithoutReferences(["Serial Number", "Key"], 600_000), DEVICE_SHEET),
    ).toEqual({
      ok: false,
      fileError: NOT_READABLE,
    });
  });

  it("refuses a declared used range beyond the rows or columns allowed", async () => {
    const rows = [
      ["Serial Number", "Key"],
      ["A-1", "k1"],
    ];
    for (const range of ["A1:IV65536", `A1:B${MAX_DEVICE_ROWS + 2}`, "A1:CW2", "$A$1:$CW$2"]) {
      expect(await readXlsxRows(xlsxOf(sheetXml(rows, { dimension: range })), DEVICE_SHEET)).toEqual({
        ok: false,
        fileError: rangeTooLargeMessage(range, DEVICE_SHEET),
      });
    }
    for (const range of [`A1:B${MAX_DEVICE_ROWS + 1}`, "A1:CV2", "A1"]) {
      expect(await readXlsxRows(xlsxOf(sheetXml(rows, { dimension: range })), DEVICE_SHEET)).toMatchObject({
        ok: true,
      });
    }
  });

  // The zip's directory said a few hundred bytes; only the bytes inflated can be trusted.
  it("refuses a part that inflates past the limit whatever the zip declares", async () => {
    const bomb = xlsxBomb(["Serial Number", "Key"], 101);
    expect(bomb.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await readXlsxRows(bomb, DEVICE_SHEET)).toEqual({ ok: false, fileError: TOO_MANY_ROWS });
  });

  it("refuses what only looks like a workbook", async () => {
    expect(await readXlsxRows(text("PK\u0003\u0004 not really a zip"), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: NOT_READABLE,
    });
  });
});

describe("readXlsRows", () => {
  const xls = (rows: (string | number)[][], origin = "A1") => xlsOf(rows, { origin });

  it("reads the first sheet's cells as text, lines numbered as the sheet shows them", async () => {
    const result = await readXlsRows(
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

  it("refuses bytes that are not a workbook", async () => {
    expect(await readXlsRows(text("\u00d0\u00cf\u0011\u00e0 not really"), DEVICE_SHEET)).toMatchObject({
      ok: false,
    });
  });

  // A file of a few kilobytes declaring 65,536 rows of 256 columns would have every cell walked.
  it("refuses a declared used range beyond the rows or columns allowed, before walking its cells", async () => {
    const rows = [
      ["Serial Number", "Key"],
      ["A-1", "k1"],
    ];
    expect(
      await readXlsRows(xlsOf(rows, { declaredRows: 65_536, declaredColumns: 256 }), DEVICE_SHEET),
    ).toEqual({
      ok: false,
      fileError: rangeTooLargeMessage("A1:IV65536", DEVICE_SHEET),
    });
    expect(await readXlsRows(xlsOf(rows, { declaredRows: MAX_DEVICE_ROWS + 2 }), DEVICE_SHEET)).toEqual({
      ok: false,
      fileError: rangeTooLargeMessage(`A1:B${MAX_DEVICE_ROWS + 2}`, DEVICE_SHEET),
    });
    expect(await readXlsRows(xlsOf(rows, { declaredColumns: 101 }), DEVICE_SHEET)).toMatchObject({
      ok: false,
      fileError: rangeTooLargeMessage("A1:CW2", DEVICE_SHEET),
    });
    // A range of the header and the most rows allowed, or of the most columns allowed, is read.
    for (const declared of [{ declaredRows: MAX_DEVICE_ROWS + 1 }, { declaredColumns: 100 }]) {
      expect(await readXlsRows(xlsOf(rows, declared), DEVICE_SHEET)).toMatchObject({
        ok: true,
        rows: [{ line: 2, cells: { serialNumber: "A-1", key: "k1" } }],
      });
    }
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
