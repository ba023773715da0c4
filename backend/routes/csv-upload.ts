import { Hono } from "hono";
import { z } from "zod";
import { csvResponse, inBatches } from "../http/csv";
import type { ApiEnv, RouteDeps } from "../http/env";
import { errorBody } from "../http/errors";
import { createGuard, signedInActor } from "../http/guard";
import { readMultipart } from "../http/multipart";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody, readQuery } from "../http/validation";
import {
  CorrectRowSchema,
  SALES_EXPORT_HEADER,
  SALES_FILE_REQUIRED,
  SALES_FILE_TYPE_MESSAGE,
  SALE_FILE_COLUMNS,
  SALE_FILE_KINDS,
  SaleUploadRecordSchema,
  SalesExportFieldsSchema,
  SalesExportQuerySchema,
  SalesUploadReportSchema,
  SalesUploadedSchema,
} from "../schemas/sale-uploads";
import type { SalesUploadReport } from "../schemas/sale-uploads";
import { invalidField, notFound } from "../services/errors";
import { checkUpload } from "../services/files";
import {
  checkExportDates,
  commitUpload,
  correctUploadRow,
  exportCells,
  exportCursorOf,
  exportFileName,
  getUpload,
  processSalesFile,
  readExportRowsAfter,
} from "../services/sales";
import type { ExportCursor, SalesUploadOutcome } from "../services/sales";

const NoFieldsSchema = z.object({}).strip();
const UploadPath = "/api/v1/csv-upload/{id}";

export const csvUploadOperations: Operation[] = [
  {
    method: "post",
    path: "/api/v1/csv-upload/process",
    tag: "Sales",
    summary:
      "Upload sales from a CSV, XLSX or XLS file (read by its bytes; at most 5 MB and 20,000 rows). Every row is " +
      "checked with the rules and pricing of a sale made on screen; any problem and nothing is stored: the 400 " +
      "answer lists `errors: [{row, column, message}]` (row = line in the file, the header is line 1) and the " +
      "`uploadId` in which the failed rows can be corrected and the batch committed",
    access: "write:Sales",
    multipart: { file: { description: "The .csv, .xlsx or .xls file", file: true, required: true } },
    success: ok("How many sales were made", SalesUploadedSchema, 201),
    errors: { 400: "The row-by-row report (SalesUploadReport)" },
  },
  {
    method: "get",
    path: "/api/v1/csv-upload/template",
    tag: "Sales",
    summary: "The sales file's template: a CSV with the column names",
    access: "write:Sales",
    success: { ...ok("The template", z.string()), contentType: "text/csv" },
  },
  {
    method: "get",
    path: "/api/v1/csv-upload/export-sales",
    tag: "Sales",
    summary:
      "Sales as a CSV file, one row per sale item, streamed; `startDate`/`endDate` are Lagos days (YYYY-MM-DD, " +
      "the end counting whole), `status` one sale status; cells that could run as formulas are neutralised",
    access: "read:Sales",
    query: SalesExportFieldsSchema,
    success: { ...ok("The CSV file", z.string()), contentType: "text/csv" },
  },
  {
    method: "get",
    path: UploadPath,
    tag: "Sales",
    summary:
      "An upload waiting for corrections: its failed rows (the first 100) with their cells and problems",
    access: "write:Sales",
    success: ok("The upload", SaleUploadRecordSchema),
    errors: { 404: "Upload not found" },
  },
  {
    method: "patch",
    path: `${UploadPath}/rows/{row}`,
    tag: "Sales",
    summary:
      "Correct one failed row (its line in the file); the whole batch is checked again, nothing is stored",
    access: "write:Sales",
    body: CorrectRowSchema,
    success: ok("The upload with its remaining problems", SaleUploadRecordSchema),
    errors: { 404: "Upload or row not found" },
  },
  {
    method: "post",
    path: `${UploadPath}/commit`,
    tag: "Sales",
    summary: "Commit a corrected upload: all of its sales, or none and the report again",
    access: "write:Sales",
    success: ok("How many sales were made", SalesUploadedSchema, 201),
    errors: { 400: "The row-by-row report", 404: "Upload not found" },
  },
];

const TEMPLATE_HEADER = SALE_FILE_COLUMNS.map((column) => column.header);

function reportBody(outcome: Exclude<SalesUploadOutcome, { ok: true }>): SalesUploadReport {
  if ("fileError" in outcome) {
    return SalesUploadReportSchema.parse({
      ...errorBody(400, outcome.fileError, { file: [outcome.fileError] }),
      errors: [],
      errorCount: 0,
      uploadId: null,
    });
  }
  const summary = `Nothing was uploaded: ${outcome.errorCount} problem${outcome.errorCount === 1 ? "" : "s"} in the file`;
  return SalesUploadReportSchema.parse({
    ...errorBody(400, summary, { file: [summary] }),
    errors: outcome.errors,
    errorCount: outcome.errorCount,
    uploadId: outcome.uploadId,
  });
}

const lineOf = (raw: string) => {
  const line = Number(raw);
  if (!/^\d{1,6}$/.test(raw) || line < 2) throw notFound("Row not found");
  return line;
};

export function csvUploadRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const answer = (outcome: SalesUploadOutcome) => {
    if (!outcome.ok) return Response.json(reportBody(outcome), { status: 400 });
    return Response.json({ message: outcome.message, count: outcome.count }, { status: 201 });
  };

  return new Hono<ApiEnv>()
    .post("/process", guard("write:Sales"), async (c) => {
      const { files } = await readMultipart(c, NoFieldsSchema);
      const upload = files.file;
      if (!upload) throw invalidField("file", SALES_FILE_REQUIRED);
      const kind = await checkUpload("file", upload, SALE_FILE_KINDS, SALES_FILE_TYPE_MESSAGE);
      return answer(await processSalesFile(db, signedInActor(c), { ...upload, kind }));
    })
    .get("/template", guard("write:Sales"), () =>
      csvResponse("sales-template.csv", TEMPLATE_HEADER, (async function* () {})()),
    )
    .get("/export-sales", guard("read:Sales"), (c) => {
      const query = readQuery(c, SalesExportQuerySchema);
      checkExportDates(query);
      const rows = inBatches(
        (after: ExportCursor | null, limit) => readExportRowsAfter(db, query, after, limit),
        exportCursorOf,
      );
      return csvResponse(exportFileName(query), SALES_EXPORT_HEADER, cellsOf(rows));
    })
    .get("/:id", guard("write:Sales"), async (c) =>
      c.json(await getUpload(db, signedInActor(c), c.req.param("id")), 200),
    )
    .patch("/:id/rows/:row", guard("write:Sales"), async (c) => {
      const input = await readJsonBody(c, CorrectRowSchema);
      const line = lineOf(c.req.param("row"));
      return c.json(await correctUploadRow(db, signedInActor(c), c.req.param("id"), line, input.values), 200);
    })
    .post("/:id/commit", guard("write:Sales"), async (c) =>
      answer(await commitUpload(db, signedInActor(c), c.req.param("id"))),
    );
}

async function* cellsOf(rows: AsyncIterable<Parameters<typeof exportCells>[0]>) {
  for await (const row of rows) yield exportCells(row);
}
