import { stringify } from "csv-stringify";

// Every cell a spreadsheet could take for a formula is prefixed with an apostrophe, so opening an export
// never runs what someone typed. Full-width signs count too: some spreadsheets read them as the ASCII ones.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function neutraliseFormula(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvResponse(filename: string, header: string[], rows: AsyncIterable<unknown[]>): Response {
  const stringifier = stringify({ bom: true, record_delimiter: "\r\n" });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      stringifier.on("data", (chunk: Buffer | string) =>
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : new Uint8Array(chunk)),
      );
      stringifier.on("error", (error) => controller.error(error));
      stringifier.on("end", () => controller.close());
      try {
        stringifier.write(header.map(neutraliseFormula));
        for await (const row of rows) {
          // Respect back-pressure: wait for the stringifier to drain before producing more.
          if (!stringifier.write(row.map(neutraliseFormula))) {
            await new Promise((resolve) => stringifier.once("drain", resolve));
          }
        }
        stringifier.end();
      } catch (error) {
        stringifier.destroy(error as Error);
      }
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    },
  });
}

// Keyset paging, so an export of any size holds one batch in memory (PGlite has no server-side cursors).
export async function* inBatches<Row, Key>(
  readAfter: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize = 1000,
): AsyncGenerator<Row> {
  let after: Key | null = null;
  for (;;) {
    const batch = await readAfter(after, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    after = keyOf(batch[batch.length - 1]);
  }
}
