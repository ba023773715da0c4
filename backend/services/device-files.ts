import { Readable } from "node:stream";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { DEVICE_FILE_COLUMNS, MAX_DEVICE_ROWS, normaliseHeader } from "../schemas/devices";
import type { DeviceFileColumn, DeviceRowError } from "../schemas/devices";

/**
 * Reading a device batch file (CSV or XLSX) into rows of text cells, each with its line in the file, so a
 * report can say "row 7, Key". Pure apart from the parsers; the rules on the values are the service's.
 */

/** A data row: its line in the file (the header is line 1) and its cells by column field. */
export interface FileRow {
  line: number;
  cells: Partial<Record<DeviceFileColumn["field"], string>>;
  /** Cells a spreadsheet held as numbers too long to be exact (a key typed without text format). */
  roundedColumns: DeviceFileColumn["header"][];
}

export type ReadFileResult =
  | { ok: true; rows: FileRow[] }
  /** Problems with the file as a whole (not readable, too many rows): one message for the file field. */
  | { ok: false; fileError: string }
  /** Problems with its columns: reported like row problems, on line 1 (or wherever the header is). */
  | { ok: false; errors: DeviceRowError[] };

export const TOO_MANY_ROWS = `A file may hold at most ${MAX_DEVICE_ROWS.toLocaleString("en")} devices`;
export const NO_ROWS = "The file holds no devices";
export const NOT_READABLE = "The file could not be read as a spreadsheet";
/** A spreadsheet row wider than this is not a device list (and would be slow to walk). */
const MAX_COLUMNS = 100;
/** What an XLSX may unpack to: a device list of 20,000 rows is ~15 MB of XML; more is a zip bomb. */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

interface RawRow {
  line: number;
  values: string[];
  rounded: Set<number>;
}

const isBlank = (values: string[]) => values.every((value) => value.trim() === "");

/** The header's columns by position, or the problems with it (unknown, repeated or missing columns). */
function mapHeader(header: RawRow): { columns: (DeviceFileColumn | null)[] } | { errors: DeviceRowError[] } {
  const byName = new Map(DEVICE_FILE_COLUMNS.map((column) => [normaliseHeader(column.header), column]));
  const errors: DeviceRowError[] = [];
  const seen = new Set<DeviceFileColumn>();
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
  for (const column of DEVICE_FILE_COLUMNS) {
    if (column.required && !seen.has(column)) {
      errors.push({ row: header.line, column: column.header, message: "Column is missing" });
    }
  }
  return errors.length ? { errors } : { columns };
}

/** Header first (the first non-blank row), then data rows; blank rows are skipped. */
function toFileRows(raw: Iterable<RawRow>): ReadFileResult {
  let columns: (DeviceFileColumn | null)[] | null = null;
  const rows: FileRow[] = [];
  for (const row of raw) {
    if (isBlank(row.values)) continue;
    if (!columns) {
      const mapped = mapHeader(row);
      if ("errors" in mapped) return { ok: false, errors: mapped.errors };
      columns = mapped.columns;
      continue;
    }
    if (rows.length === MAX_DEVICE_ROWS) return { ok: false, fileError: TOO_MANY_ROWS };
    const cells: FileRow["cells"] = {};
    const roundedColumns: FileRow["roundedColumns"] = [];
    columns.forEach((column, index) => {
      if (!column) return;
      const value = row.values[index];
      if (value !== undefined) cells[column.field] = value;
      if (row.rounded.has(index)) roundedColumns.push(column.header);
    });
    rows.push({ line: row.line, cells, roundedColumns });
  }
  if (!columns || rows.length === 0) return { ok: false, fileError: NO_ROWS };
  return { ok: true, rows };
}

/** CSV text; the byte-order mark of spreadsheet exports is skipped. */
export function readCsvRows(bytes: Uint8Array): ReadFileResult {
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
  return toFileRows(raw);
}

/**
 * The total size an XLSX (a zip) unpacks to, from its central directory; null when that cannot be read.
 * Checked before unpacking anything, so a small file that inflates to gigabytes is refused cheaply.
 */
export function unpackedZipSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 22 + 65,535 bytes (its comment may be that long).
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 65_535); at -= 1) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const entries = view.getUint16(at + 10, true);
    let entry = view.getUint32(at + 16, true);
    let total = 0;
    for (let index = 0; index < entries; index += 1) {
      if (entry + 46 > bytes.byteLength || view.getUint32(entry, true) !== 0x02014b50) return null;
      const size = view.getUint32(entry + 24, true);
      // 0xFFFFFFFF means the real size is in a ZIP64 field: far beyond any device list anyway.
      if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
      total += size;
      entry +=
        46 +
        view.getUint16(entry + 28, true) +
        view.getUint16(entry + 30, true) +
        view.getUint16(entry + 32, true);
    }
    return total;
  }
  return null;
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

/** The first worksheet of an XLSX, read as a stream (never the whole workbook in memory). */
export async function readXlsxRows(bytes: Uint8Array): Promise<ReadFileResult> {
  const unpacked = unpackedZipSize(bytes);
  if (unpacked === null) return { ok: false, fileError: NOT_READABLE };
  if (unpacked > MAX_UNPACKED_BYTES) return { ok: false, fileError: TOO_MANY_ROWS };
  const raw: RawRow[] = [];
  let blockedBy: string | null = null;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(bytes)), {
      sharedStrings: "cache",
      hyperlinks: "ignore",
      styles: "ignore",
      worksheets: "emit",
    });
    sheets: for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        // row.values is 1-based (index 0 is empty).
        const cells = (row.values as ExcelJS.CellValue[]).slice(1);
        if (cells.length > MAX_COLUMNS) {
          blockedBy = `Row ${row.number} has more than ${MAX_COLUMNS} columns`;
          break sheets;
        }
        // The header and the largest file allowed, and one row more to know it is too long.
        if (raw.length > MAX_DEVICE_ROWS + 1) break sheets;
        const rounded = new Set<number>();
        const values = Array.from(cells, (cell, index) => {
          const { text, rounded: inexact } = cellText(cell);
          if (inexact) rounded.add(index);
          return text;
        });
        raw.push({ line: row.number, values, rounded });
      }
      // Only the first worksheet holds the devices.
      break;
    }
  } catch {
    return { ok: false, fileError: NOT_READABLE };
  }
  if (blockedBy) return { ok: false, fileError: blockedBy };
  return toFileRows(raw);
}
