import { EventEmitter } from "node:events";
import { Readable } from "node:stream";
import { read as readWorkbook, utils as sheetUtils } from "@e965/xlsx";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";

/**
 * Reading a batch file (CSV, XLSX, or the old binary XLS) into rows of text cells, each with its line in
 * the file, so a report can say "row 7, Key". Pure apart from the parsers; the rules on the values are the
 * service's. Each kind of batch (devices, sales) describes its columns in a `SheetLayout`.
 */

/** One problem of a file, on its line (the header is line 1) and column. */
export interface RowProblem {
  row: number;
  column: string;
  message: string;
}

export interface SheetColumn<Field extends string = string> {
  header: string;
  field: Field;
  required: boolean;
}

export interface SheetLayout<Field extends string = string> {
  columns: readonly SheetColumn<Field>[];
  maxRows: number;
  /** 'The file holds no devices'. */
  noRowsMessage: string;
  /** 'A file may hold at most 20,000 devices'. */
  tooManyRowsMessage: string;
}

/** A data row: its line in the file (the header is line 1) and its cells by column field. */
export interface FileRow<Field extends string = string> {
  line: number;
  cells: Partial<Record<Field, string>>;
  /** Headers of cells a spreadsheet held as numbers too long to be exact (a key typed without text format). */
  roundedColumns: string[];
}

export type ReadFileResult<Field extends string = string> =
  | { ok: true; rows: FileRow<Field>[] }
  /** Problems with the file as a whole (not readable, too many rows): one message for the file field. */
  | { ok: false; fileError: string }
  /** Problems with its columns: reported like row problems, on line 1 (or wherever the header is). */
  | { ok: false; errors: RowProblem[] };

export const NOT_READABLE = "The file could not be read as a spreadsheet";
/** A spreadsheet row wider than this is not a batch file (and would be slow to walk). */
const MAX_COLUMNS = 100;
/** What an XLSX may unpack to: a list of 20,000 rows is ~15 MB of XML; more is a zip bomb. */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

/** How a header cell is compared: "Serial Number", " serial_number " and "SERIALNUMBER" are one column. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s_]+/g, "");

interface RawRow {
  line: number;
  values: string[];
  rounded: Set<number>;
}

const isBlank = (values: string[]) => values.every((value) => value.trim() === "");

/** The header's columns by position, or the problems with it (unknown, repeated or missing columns). */
function mapHeader<Field extends string>(
  header: RawRow,
  layout: SheetLayout<Field>,
): { columns: (SheetColumn<Field> | null)[] } | { errors: RowProblem[] } {
  const byName = new Map(layout.columns.map((column) => [normaliseHeader(column.header), column]));
  const errors: RowProblem[] = [];
  const seen = new Set<SheetColumn<Field>>();
  const columns = header.values.map((name) => {
    if (name.trim() === "") return null;
    const column = byName.get(normaliseHeader(name));
    if (!column) {
      errors.push({ row: header.line, column: name.trim(), message: "Unknown column" });
      return null;
    }
    if (seen.has(column)) {
      errors.push({ row: header.line, column: column.header, message: "Column appears more than once" });
      return null;
    }
    seen.add(column);
    return column;
  });
  for (const column of layout.columns) {
    if (column.required && !seen.has(column)) {
      errors.push({ row: header.line, column: column.header, message: "Column is missing" });
    }
  }
  return errors.length ? { errors } : { columns };
}

/** Header first (the first non-blank row), then data rows; blank rows are skipped. */
function toFileRows<Field extends string>(
  raw: Iterable<RawRow>,
  layout: SheetLayout<Field>,
): ReadFileResult<Field> {
  let columns: (SheetColumn<Field> | null)[] | null = null;
  const rows: FileRow<Field>[] = [];
  for (const row of raw) {
    if (isBlank(row.values)) continue;
    if (!columns) {
      const mapped = mapHeader(row, layout);
      if ("errors" in mapped) return { ok: false, errors: mapped.errors };
      columns = mapped.columns;
      continue;
    }
    if (rows.length === layout.maxRows) return { ok: false, fileError: layout.tooManyRowsMessage };
    const cells: FileRow<Field>["cells"] = {};
    const roundedColumns: string[] = [];
    columns.forEach((column, index) => {
      if (!column) return;
      const value = row.values[index];
      if (value !== undefined) cells[column.field] = value;
      if (row.rounded.has(index)) roundedColumns.push(column.header);
    });
    rows.push({ line: row.line, cells, roundedColumns });
  }
  if (!columns || rows.length === 0) return { ok: false, fileError: layout.noRowsMessage };
  return { ok: true, rows };
}

/** CSV text; the byte-order mark of spreadsheet exports is skipped. */
export function readCsvRows<Field extends string>(
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
): ReadFileResult<Field> {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ended (the parser's types do not say so).
    records = parseCsv(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: false,
      // Files pasted together from several sources mix line endings; each is one.
      record_delimiter: ["\r\n", "\n", "\r"],
    }) as unknown as typeof records;
  } catch (error) {
    const line = typeof error === "object" && error && "lines" in error ? Number(error.lines) : 0;
    const reason = error instanceof Error ? error.message : "unreadable";
    return { ok: false, errors: [{ row: line, column: "", message: `Not valid CSV: ${reason}` }] };
  }
  // A record ends on `info.lines`; it starts on the line after the previous one ended (a quoted cell
  // may span lines).
  let previousEnd = 0;
  const raw = records.map(({ record, info }) => {
    const row = { line: previousEnd + 1, values: record, rounded: new Set<number>() };
    previousEnd = info.lines;
    return row;
  });
  return toFileRows(raw, layout);
}

/** The names of a zip's entries and the total size they unpack to, from its central directory. */
interface ZipDirectory {
  names: string[];
  unpacked: number;
}

/**
 * An XLSX's (a zip's) central directory; null when it cannot be read. Read before unpacking anything, so a
 * small file that inflates to gigabytes is refused cheaply, and so the reading can be checked against it.
 */
function zipDirectory(bytes: Uint8Array): ZipDirectory | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  // The end-of-central-directory record is in the last 22 + 65,535 bytes (its comment may be that long).
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 65_535); at -= 1) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const entries = view.getUint16(at + 10, true);
    let entry = view.getUint32(at + 16, true);
    const names: string[] = [];
    let unpacked = 0;
    for (let index = 0; index < entries; index += 1) {
      if (entry + 46 > bytes.byteLength || view.getUint32(entry, true) !== 0x02014b50) return null;
      const size = view.getUint32(entry + 24, true);
      const nameLength = view.getUint16(entry + 28, true);
      if (entry + 46 + nameLength > bytes.byteLength) return null;
      names.push(decoder.decode(bytes.subarray(entry + 46, entry + 46 + nameLength)));
      // 0xFFFFFFFF means the real size is in a ZIP64 field: far beyond any device list anyway.
      unpacked = size === 0xffffffff ? Number.POSITIVE_INFINITY : unpacked + size;
      entry += 46 + nameLength + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true);
    }
    return { names, unpacked };
  }
  return null;
}

/** The total size an XLSX unpacks to, from its central directory; null when that cannot be read. */
export function unpackedZipSize(bytes: Uint8Array): number | null {
  return zipDirectory(bytes)?.unpacked ?? null;
}

/** A cell as the text it shows, and whether it was a number too long for a spreadsheet to keep exact. */
function cellText(value: ExcelJS.CellValue): { text: string; rounded: boolean } {
  if (value === null || value === undefined) return { text: "", rounded: false };
  if (typeof value === "string") return { text: value, rounded: false };
  if (typeof value === "number") {
    if (Number.isInteger(value) && Math.abs(value) < 1e21) {
      return { text: BigInt(value).toString(), rounded: !Number.isSafeInteger(value) };
    }
    return { text: String(value), rounded: false };
  }
  if (typeof value === "boolean") return { text: value ? "true" : "false", rounded: false };
  if (value instanceof Date) return { text: value.toISOString(), rounded: false };
  if ("richText" in value) return { text: value.richText.map((part) => part.text).join(""), rounded: false };
  if ("formula" in value || "sharedFormula" in value) return cellText(value.result as ExcelJS.CellValue);
  if ("hyperlink" in value) return cellText(value.text as ExcelJS.CellValue);
  return { text: "", rounded: false };
}

/**
 * How many times an XLSX is read before it is called unreadable. exceljs' streaming reader now and then
 * ends before the zip's last entries (about one read in a hundred to two hundred, more under load): a
 * file whose workbook part comes last then fails, and one whose shared strings come last would lose its
 * text. Each read is checked against the zip's own directory and tried again when it fell short; a file
 * still short after that is read whole instead.
 */
const XLSX_READ_ATTEMPTS = 6;

/** The first worksheet of an XLSX, read as a stream (never the whole workbook in memory). */
export async function readXlsxRows<Field extends string>(
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
): Promise<ReadFileResult<Field>> {
  const directory = zipDirectory(bytes);
  if (directory === null) return { ok: false, fileError: NOT_READABLE };
  if (directory.unpacked > MAX_UNPACKED_BYTES) return { ok: false, fileError: layout.tooManyRowsMessage };
  for (let attempt = 1; attempt <= XLSX_READ_ATTEMPTS; attempt += 1) {
    const read = await streamFirstSheet(bytes, layout, directory);
    if (read !== null) return read;
    // Failures come in bursts (a busy moment): the next try waits a little longer each time.
    await new Promise((resolve) => setTimeout(resolve, attempt * 10));
  }
  return readWholeFirstSheet(bytes, layout);
}

/**
 * The first worksheet read from the whole workbook in memory, when streaming kept falling short (a long
 * busy moment). It does not depend on timing, and the upload limit bounds the file it holds.
 */
export async function readWholeFirstSheet<Field extends string>(
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
): Promise<ReadFileResult<Field>> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer; a copy gives one of exactly the file's bytes.
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch {
    return { ok: false, fileError: NOT_READABLE };
  }
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) return { ok: false, fileError: NOT_READABLE };
  const raw: RawRow[] = [];
  let blockedBy: string | null = null;
  sheet.eachRow((row) => {
    // The header and the largest file allowed, and one row more to know it is too long.
    if (blockedBy || raw.length > layout.maxRows + 1) return;
    const cells = (row.values as ExcelJS.CellValue[]).slice(1);
    if (cells.length > MAX_COLUMNS) {
      blockedBy = `Row ${row.number} has more than ${MAX_COLUMNS} columns`;
      return;
    }
    raw.push(rawRow(row.number, cells));
  });
  if (blockedBy) return { ok: false, fileError: blockedBy };
  return toFileRows(raw, layout);
}

/** A worksheet row's cells as the text they hold, noting the numbers too long to keep every digit. */
function rawRow(line: number, cells: ExcelJS.CellValue[]): RawRow {
  const rounded = new Set<number>();
  const values = Array.from(cells, (cell, index) => {
    const { text, rounded: inexact } = cellText(cell);
    if (inexact) rounded.add(index);
    return text;
  });
  return { line, values, rounded };
}

/** One streaming read of the first worksheet; null when the read failed or missed a part the zip holds. */
async function streamFirstSheet<Field extends string>(
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
  directory: ZipDirectory,
): Promise<ReadFileResult<Field> | null> {
  const raw: RawRow[] = [];
  let blockedBy: string | null = null;
  const parts = new Set<string>();
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(bytes)), {
      sharedStrings: "cache",
      hyperlinks: "ignore",
      styles: "ignore",
      worksheets: "emit",
      entries: "emit",
    });
    // The reader is an EventEmitter at run time; exceljs' types do not say so.
    if (!(reader instanceof EventEmitter)) return null;
    reader.on("entry", (entry: { type?: unknown }) => {
      if (typeof entry.type === "string") parts.add(entry.type);
    });
    sheets: for await (const sheet of reader) {
      // A sheet is handed over only once the shared strings before it are read, or after every entry.
      if (directory.names.includes("xl/sharedStrings.xml") && !parts.has("shared-strings")) return null;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        // row.values is 1-based (index 0 is empty).
        const cells = (row.values as ExcelJS.CellValue[]).slice(1);
        if (cells.length > MAX_COLUMNS) {
          blockedBy = `Row ${row.number} has more than ${MAX_COLUMNS} columns`;
          break sheets;
        }
        // The header and the largest file allowed, and one row more to know it is too long.
        if (raw.length > layout.maxRows + 1) break sheets;
        raw.push(rawRow(row.number, cells));
      }
      // Only the first worksheet holds the rows.
      break;
    }
  } catch {
    return null;
  }
  const holdsSheets = directory.names.some((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
  if (holdsSheets && !parts.has("worksheet")) return null;
  if (blockedBy) return { ok: false, fileError: blockedBy };
  return toFileRows(raw, layout);
}

/**
 * The first worksheet of an old binary Excel file (.xls). No maintained streaming reader exists for the
 * format; SheetJS reads it whole, which the upload size limit (5 MB) keeps small (docs/decisions/021).
 * Cells are read as the text the sheet shows, so a long number keeps the digits it displays.
 */
export function readXlsRows<Field extends string>(
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
): ReadFileResult<Field> {
  let grid: unknown[][];
  let firstLine = 1;
  try {
    const workbook = readWorkbook(bytes, { type: "array", cellDates: false, sheetRows: layout.maxRows + 2 });
    const first = workbook.SheetNames[0];
    if (first === undefined) return { ok: false, fileError: NOT_READABLE };
    const sheet = workbook.Sheets[first];
    // The grid starts at the sheet's first used row, which is not always row 1.
    firstLine = sheet["!ref"] ? sheetUtils.decode_range(sheet["!ref"]).s.r + 1 : 1;
    grid = sheetUtils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: false,
      defval: "",
      blankrows: true,
    });
  } catch {
    return { ok: false, fileError: NOT_READABLE };
  }
  const raw: RawRow[] = [];
  for (const [index, cells] of grid.entries()) {
    if (cells.length > MAX_COLUMNS)
      return { ok: false, fileError: `Row ${firstLine + index} has more than ${MAX_COLUMNS} columns` };
    raw.push({
      line: firstLine + index,
      values: cells.map((cell) => (cell === null || cell === undefined ? "" : String(cell))),
      rounded: new Set(),
    });
  }
  return toFileRows(raw, layout);
}
