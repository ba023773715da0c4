import { crc32, deflateRawSync, constants as zlibConstants } from "node:zlib";
import { utils as sheetUtils, write as writeWorkbook } from "@e965/xlsx";
import { writeZip } from "../services/zip-parts";

/**
 * Batch files written by hand for the tests, hostile ones included: an XLSX is a zip of XML parts, and
 * writing it here lets a test choose what no spreadsheet program writes (rows without cell references,
 * a zip directory that understates the sizes, a declared range of 65,536 rows).
 */

export type ZipPart = { name: string } & (
  | { content: Buffer; declaredSize?: number }
  /** Deflated already, with the uncompressed size the zip's headers are to state. */
  | { deflated: Buffer; declaredSize: number }
);

/** A zip of deflated parts. */
export function zipOf(parts: ZipPart[]): Uint8Array {
  return new Uint8Array(
    Buffer.concat(
      writeZip(
        parts.map((part) => ({
          name: part.name,
          method: 8,
          packed: "deflated" in part ? part.deflated : deflateRawSync(part.content),
          checksum: "deflated" in part ? 0 : crc32(part.content),
          size: part.declaredSize ?? ("content" in part ? part.content.byteLength : 0),
        })),
      ),
    ),
  );
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";

const xmlText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const columnName = (index: number) => {
  let name = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
};

/** A worksheet's XML: inline-string cells, with cell references unless `references` is false. */
export function sheetXml(
  rows: string[][],
  { references = true, dimension }: { references?: boolean; dimension?: string } = {},
): string {
  const body = rows
    .map((cells, rowIndex) => {
      const row = rowIndex + 1;
      const cellXml = cells
        .map((value, column) => {
          const ref = references ? ` r="${columnName(column)}${row}"` : "";
          return `<c${ref} t="inlineStr"><is><t>${xmlText(value)}</t></is></c>`;
        })
        .join("");
      return `<row${references ? ` r="${row}"` : ""}>${cellXml}</row>`;
    })
    .join("");
  const declared = dimension ? `<dimension ref="${dimension}"/>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">${declared}<sheetData>${body}</sheetData></worksheet>`;
}

/** An XLSX of one worksheet (its XML given), plus any parts added before it. */
export function xlsxOf(worksheet: string | Buffer, extraParts: ZipPart[] = []): Uint8Array {
  return zipOf([
    {
      name: "[Content_Types].xml",
      content: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          `</Types>`,
      ),
    },
    {
      name: "_rels/.rels",
      content: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
          `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
          `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/workbook.xml",
      content: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
          `<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    ...extraParts,
    { name: "xl/worksheets/sheet1.xml", content: Buffer.from(worksheet) },
  ]);
}

/** A small XLSX whose rows carry no cell references: the header, then this many rows of two numbers. */
export function xlsxWithoutReferences(header: string[], rowCount: number): Uint8Array {
  const row = "<row><c><v>1</v></c><c><v>2</v></c></row>";
  const head = sheetXml([header], { references: false }).replace("</sheetData></worksheet>", "");
  return xlsxOf(
    Buffer.concat([
      Buffer.from(head),
      Buffer.from(row.repeat(rowCount)),
      Buffer.from("</sheetData></worksheet>"),
    ]),
  );
}

/**
 * A zip bomb dressed as an XLSX: shared strings that inflate to `megabytes` MB while the zip's headers
 * say they take a few hundred bytes. Deflated a megabyte at a time with full flushes, each piece stands
 * alone, so one compressed megabyte repeated makes the whole without ever holding it.
 */
export function xlsxBomb(header: string[], megabytes: number): Uint8Array {
  const flush = { finishFlush: zlibConstants.Z_FULL_FLUSH };
  const open = deflateRawSync(
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}"><si><t>`),
    flush,
  );
  const megabyte = deflateRawSync(Buffer.alloc(1024 * 1024, "a"), flush);
  const close = deflateRawSync(Buffer.from("</t></si></sst>"));
  const deflated = Buffer.concat([open, ...Array.from({ length: megabytes }, () => megabyte), close]);
  return xlsxOf(sheetXml([header, header.map(() => "x")]), [
    { name: "xl/sharedStrings.xml", deflated, declaredSize: 400 },
  ]);
}

/**
 * An old binary Excel (BIFF8) workbook of these rows. With `declaredRows`/`declaredColumns`, its
 * DIMENSIONS record (the used range a reader trusts) is rewritten to claim that many: SheetJS would
 * write every empty cell of such a range itself, slowly.
 */
export function xlsOf(
  rows: (string | number)[][],
  {
    origin = "A1",
    declaredRows,
    declaredColumns,
  }: { origin?: string; declaredRows?: number; declaredColumns?: number } = {},
) {
  const sheet = sheetUtils.aoa_to_sheet([]);
  sheetUtils.sheet_add_aoa(sheet, rows, { origin });
  const workbook = sheetUtils.book_new();
  sheetUtils.book_append_sheet(workbook, sheet, "Sheet1");
  const bytes = new Uint8Array(writeWorkbook(workbook, { type: "array", bookType: "biff8" }) as ArrayBuffer);
  if (declaredRows === undefined && declaredColumns === undefined) return bytes;
  const view = new DataView(bytes.buffer);
  // DIMENSIONS: record type 0x0200, 14 bytes: first row, last row + 1 (32-bit), first column, last column + 1.
  for (let at = 0; at + 18 <= bytes.byteLength; at += 1) {
    if (view.getUint16(at, true) !== 0x0200 || view.getUint16(at + 2, true) !== 14) continue;
    if (declaredRows !== undefined) view.setUint32(at + 8, view.getUint32(at + 4, true) + declaredRows, true);
    if (declaredColumns !== undefined)
      view.setUint16(at + 14, view.getUint16(at + 12, true) + declaredColumns, true);
    return bytes;
  }
  throw new Error("No DIMENSIONS record in the workbook written");
}
