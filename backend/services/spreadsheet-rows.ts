import { EventEmitter } from "node:events";
import { Readable } from "node:stream";
import { parse as parseCsv } from "csv-parse/sync";
import type ExcelJS from "exceljs";
import { storedZip, unpackEntries, zipEntries } from "./zip-parts";

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
  noRowsMessage: string;
  tooManyRowsMessage: string;
}

export interface FileRow<Field extends string = string> {
  line: number;
  cells: Partial<Record<Field, string>>;
  roundedColumns: string[];
}

export type ReadFileResult<Field extends string = string> =
  | { ok: true; rows: FileRow<Field>[] }
  | { ok: false; fileError: string }
  | { ok: false; errors: RowProblem[] };

export const NOT_READABLE = "The file could not be read as a spreadsheet";
const MAX_COLUMNS = 100;
// Counted as the parts inflate: several times the largest file allowed (decision 015); more is a zip bomb.
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

export type SpreadsheetKind = "csv" | "xlsx" | "xls";

// Refused before its cells are walked: a few kilobytes can declare 65,536 rows of 256 columns.
export function rangeTooLargeMessage(range: string, layout: SheetLayout) {
  const rows = layout.maxRows.toLocaleString("en");
  return `The sheet's used range ${range} is larger than a file may hold (a header and ${rows} rows, ${MAX_COLUMNS} columns)`;
}

export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s_]+/g, "");

interface RawRow {
  line: number;
  values: string[];
  rounded: Set<number>;
}

const isBlank = (values: string[]) => values.every((value) => value.trim() === "");

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

/** Thrown from the CSV parser's record callback to stop reading: what was read already decides. */
const STOP_READING = new Error("Enough rows read");

// Reading stops at the first row past the layout's limit, and past twice that many lines: the parser
// costs the same for a blank line as for a row.
export function readCsvRows<Field extends string>(
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
): ReadFileResult<Field> {
  const raw: RawRow[] = [];
  const maxLines = 2 * (layout.maxRows + 1);
  let lines = 0;
  let refusal: string | null = null;
  // A record ends on `info.lines`; it starts on the line after the previous one ended (a quoted cell
  // may span lines).
  let previousEnd = 0;
  const onRecord = ({ record, info }: { record: string[]; info: { lines: number } }) => {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    lines += 1;
    if (record.length > MAX_COLUMNS) {
      refusal = `Row ${line} has more than ${MAX_COLUMNS} columns`;
      throw STOP_READING;
    }
    if (!isBlank(record)) raw.push({ line, values: record, rounded: new Set() });
    // The header and the largest file allowed, and one row more to know it is too long.
    if (raw.length > layout.maxRows + 1) throw STOP_READING;
    if (lines > maxLines) {
      refusal = layout.tooManyRowsMessage;
      throw STOP_READING;
    }
    return null;
  };
  try {
    // With `info`, each record comes with where it ended (the parser's types do not say so).
    parseCsv(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: false,
      // Files pasted together from several sources mix line endings; each is one.
      record_delimiter: ["\r\n", "\n", "\r"],
      on_record: onRecord as unknown as (record: string[]) => null,
    });
  } catch (error) {
    if (error !== STOP_READING) {
      const line = typeof error === "object" && error && "lines" in error ? Number(error.lines) : 0;
      const reason = error instanceof Error ? error.message : "unreadable";
      return { ok: false, errors: [{ row: line, column: "", message: `Not valid CSV: ${reason}` }] };
    }
  }
  if (refusal !== null) return { ok: false, fileError: refusal };
  return toFileRows(raw, layout);
}

// The spreadsheet libraries are large: reading a CSV file, the usual upload, loads neither.
const loadSheetJs = () => import("@e965/xlsx");
const loadExcelJs = async () => (await import("exceljs")).default;

type SheetUtils = Awaited<ReturnType<typeof loadSheetJs>>["utils"];

function rangeRefusal<Field extends string>(
  range: string | undefined | null,
  layout: SheetLayout<Field>,
  sheetUtils: SheetUtils,
): ReadFileResult<Field> | null {
  if (!range || !/^\$?[A-Z]{1,3}\$?\d+(:\$?[A-Z]{1,3}\$?\d+)?$/i.test(range)) return null;
  const { s: start, e: end } = sheetUtils.decode_range(range.replace(/\$/g, ""));
  const rows = Math.abs(end.r - start.r) + 1;
  const columns = Math.abs(end.c - start.c) + 1;
  if (rows <= layout.maxRows + 1 && columns <= MAX_COLUMNS) return null;
  return { ok: false, fileError: rangeTooLargeMessage(range, layout) };
}

function declaredXlsxRange(sheetXml: Buffer): string | null {
  const head = sheetXml.subarray(0, 64 * 1024).toString("latin1");
  const rowsAt = head.search(/<(?:\w+:)?sheetData[\s/>]/);
  const match = /<(?:\w+:)?dimension\s[^>]*?\bref\s*=\s*(["'])([^"']*)\1/.exec(
    rowsAt === -1 ? head : head.slice(0, rowsAt),
  );
  return match ? match[2] : null;
}

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

// exceljs' streaming reader now and then ends before the zip's last entries, so each read is checked and
// tried again. The whole-workbook reader is no way out: it holds every row of the sheet in memory.
const XLSX_READ_ATTEMPTS = 6;

const WORKSHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;
const WORKBOOK_PARTS = ["xl/_rels/workbook.xml.rels", "xl/workbook.xml", "xl/sharedStrings.xml"];

// Inflated bytes are counted (never the sizes the zip declares) against MAX_UNPACKED_BYTES.
export async function readXlsxRows<Field extends string>(
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
): Promise<ReadFileResult<Field>> {
  const entries = zipEntries(bytes);
  if (entries === null) return { ok: false, fileError: NOT_READABLE };
  const sheet = entries.find((entry) => WORKSHEET_PART.test(entry.name));
  const wanted = WORKBOOK_PARTS.flatMap((name) => entries.find((entry) => entry.name === name) ?? []);
  if (sheet) wanted.push(sheet);
  const unpacked = unpackEntries(bytes, wanted, MAX_UNPACKED_BYTES);
  if (!unpacked.ok) {
    return {
      ok: false,
      fileError: unpacked.reason === "too-large" ? layout.tooManyRowsMessage : NOT_READABLE,
    };
  }
  const sheetXml = sheet && unpacked.parts.get(sheet.name);
  if (sheetXml) {
    const refused = rangeRefusal(declaredXlsxRange(sheetXml), layout, (await loadSheetJs()).utils);
    if (refused) return refused;
  }
  const zip = storedZip([...unpacked.parts]);
  const names = [...unpacked.parts.keys()];
  for (let attempt = 1; attempt <= XLSX_READ_ATTEMPTS; attempt += 1) {
    const read = await streamFirstSheet(zip, names, layout);
    if (read !== null) return read;
    // Failures come in bursts (a busy moment): the next try waits a little longer each time.
    await new Promise((resolve) => setTimeout(resolve, attempt * 10));
  }
  return { ok: false, fileError: NOT_READABLE };
}

function rawRow(line: number, cells: ExcelJS.CellValue[]): RawRow {
  const rounded = new Set<number>();
  const values = Array.from(cells, (cell, index) => {
    const { text, rounded: inexact } = cellText(cell);
    if (inexact) rounded.add(index);
    return text;
  });
  return { line, values, rounded };
}

// The reader parses each piece whole before looking at its rows, so a large piece is read to its end.
const PIECE_BYTES = 64 * 1024;
function* pieces(chunks: Buffer[]) {
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.byteLength; at += PIECE_BYTES) yield chunk.subarray(at, at + PIECE_BYTES);
  }
}

async function streamFirstSheet<Field extends string>(
  zip: Buffer[],
  names: string[],
  layout: SheetLayout<Field>,
): Promise<ReadFileResult<Field> | null> {
  const raw: RawRow[] = [];
  let blockedBy: string | null = null;
  const parts = new Set<string>();
  const { stream } = await loadExcelJs();
  try {
    const reader = new stream.xlsx.WorkbookReader(Readable.from(pieces(zip)), {
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
      if (names.includes("xl/sharedStrings.xml") && !parts.has("shared-strings")) return null;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        // row.values is 1-based (index 0 is empty).
        const cells = (row.values as ExcelJS.CellValue[]).slice(1);
        if (cells.length > MAX_COLUMNS) {
          blockedBy = `Row ${row.number} has more than ${MAX_COLUMNS} columns`;
          break sheets;
        }
        if (raw.length > layout.maxRows + 1) break sheets;
        raw.push(rawRow(row.number, cells));
      }
      break;
    }
  } catch {
    return { ok: false, fileError: NOT_READABLE };
  }
  const holdsSheets = names.some((name) => WORKSHEET_PART.test(name));
  if (holdsSheets && !parts.has("worksheet")) return null;
  if (blockedBy) return { ok: false, fileError: blockedBy };
  return toFileRows(raw, layout);
}

// No maintained streaming reader exists for .xls; SheetJS reads it whole, which the upload size limit keeps
// small (docs/decisions/021). Cells are read as shown, so a long number keeps the digits it displays.
export async function readXlsRows<Field extends string>(
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
): Promise<ReadFileResult<Field>> {
  const { read: readWorkbook, utils: sheetUtils } = await loadSheetJs();
  let grid: unknown[][];
  let firstLine = 1;
  try {
    const workbook = readWorkbook(bytes, { type: "array", cellDates: false, sheetRows: layout.maxRows + 2 });
    const first = workbook.SheetNames[0];
    if (first === undefined) return { ok: false, fileError: NOT_READABLE };
    const sheet = workbook.Sheets[first];
    // With `sheetRows`, "!ref" is cut to that many rows and "!fullref" keeps what the file declares.
    const refused = rangeRefusal(sheet["!fullref"] ?? sheet["!ref"], layout, sheetUtils);
    if (refused) return refused;
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

export async function readSpreadsheet<Field extends string>(
  kind: SpreadsheetKind,
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
): Promise<ReadFileResult<Field>> {
  if (kind === "xlsx") return readXlsxRows(bytes, layout);
  if (kind === "xls") return readXlsRows(bytes, layout);
  return readCsvRows(bytes, layout);
}
