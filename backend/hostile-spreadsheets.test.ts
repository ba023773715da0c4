import { ErrorBodySchema } from "./schemas/errors";
import { MAX_UPLOAD_BYTES } from "./schemas/files";
import { SALE_FILE_FIELDS } from "./schemas/sale-uploads";
import { signedInAs } from "./test/factories";
import { sheetXml, xlsOf, xlsxBomb, xlsxOf, xlsxWithoutReferences } from "./test/spreadsheet-files";
import { createTestBackend } from "./test/test-backend";
import type { TestBackend } from "./test/test-backend";

/**
 * Batch files built to be slow: a few kilobytes that declare 65,536 rows, a sheet of 600,000 rows without
 * cell references, a CSV ten times longer than allowed, a zip whose directory understates what it
 * inflates to. Each is refused with a 400 that says why, and the process goes on answering other
 * requests while it reads them: parsed on the request thread, they held every request until done.
 */
let backend: TestBackend;
let token: string;
beforeAll(async () => {
  backend = await createTestBackend();
  ({ token } = await signedInAs(backend, "admin"));
});
afterAll(() => backend.close());

const DEVICE_HEADER = ["Serial Number", "Key"];
const SALE_HEADER = [...SALE_FILE_FIELDS];
const RANGE_MESSAGE =
  "The sheet's used range A1:IV65536 is larger than a file may hold (a header and 20,000 rows, 100 columns)";
const NOT_READABLE = "The file could not be read as a spreadsheet";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PROBE_MS = 50;

/**
 * The upload's answer, and the longest a `/healthz` asked for meanwhile (every PROBE_MS) waited beyond
 * that: a timer that cannot fire while the thread is busy shows the time it was held.
 */
async function healthWhileUploading(path: string, name: string, bytes: Uint8Array) {
  expect(bytes.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
  const form = new FormData();
  form.set("file", new Blob([bytes as BlobPart]), name);
  let answered = false;
  const upload = backend.request("POST", path, { token, form }).finally(() => {
    answered = true;
  });
  let slowest = 0;
  let probes = 0;
  while (!answered) {
    const due = performance.now() + PROBE_MS;
    await pause(PROBE_MS);
    const health = await backend.request("GET", "/healthz");
    expect(health.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - due);
    probes += 1;
  }
  return { response: await upload, slowest, probes };
}

/** The header, then rows holding one short value each (so that many stay under the upload limit). */
const csvOf = (header: string[], rows: number) =>
  new TextEncoder().encode(`${header.join(",")}\n${`1${",".repeat(header.length - 1)}\n`.repeat(rows)}`);

const ROUTES = [
  {
    path: "/api/v1/device/batch-upload",
    header: DEVICE_HEADER,
    rows: "A file may hold at most 20,000 devices",
  },
  { path: "/api/v1/csv-upload/process", header: SALE_HEADER, rows: "A file may hold at most 20,000 sales" },
] as const;

describe.each(ROUTES)("POST $path", ({ path, header, rows }) => {
  const cases = [
    {
      name: "a sheet of 600,000 rows written without cell references",
      file: "rows.xlsx",
      bytes: () => xlsxWithoutReferences(header, 600_000),
      message: NOT_READABLE,
    },
    {
      name: "an XLSX whose zip directory understates what it inflates to",
      file: "bomb.xlsx",
      bytes: () => xlsxBomb(header, 150),
      message: rows,
    },
    {
      name: "an XLSX declaring a used range of 65,536 rows",
      file: "range.xlsx",
      bytes: () => xlsxOf(sheetXml([header], { dimension: "A1:IV65536" })),
      message: RANGE_MESSAGE,
    },
    { name: "a CSV of 200,000 rows", file: "rows.csv", bytes: () => csvOf(header, 200_000), message: rows },
  ];
  if (path === "/api/v1/csv-upload/process") {
    cases.push({
      name: "a few kilobytes of XLS declaring A1:IV65536",
      file: "range.xls",
      bytes: () => xlsOf([header], { declaredRows: 65_536, declaredColumns: 256 }),
      message: RANGE_MESSAGE,
    });
  }

  it.each(cases)("refuses $name and answers /healthz meanwhile", async ({ file, bytes, message }) => {
    const { response, slowest, probes } = await healthWhileUploading(path, file, bytes());
    // Parsing on the request thread held every request for several seconds; a served probe takes
    // milliseconds. The bound is generous so a busy test machine cannot make it fail by itself.
    expect(slowest).toBeLessThan(2_000);
    expect(probes).toBeGreaterThan(0);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(ErrorBodySchema.safeParse(body).success).toBe(true);
    expect(body.fieldErrors).toEqual({ file: [message] });
  });
});
