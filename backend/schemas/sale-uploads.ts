import { z } from "zod";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE, chosenFile } from "./files";
import { lagosToday } from "./dates";
import { isCalendarDate } from "./sale-rules";
import { SALE_STATUSES } from "./sales";
export * from "../constants/sale-uploads";
import { SALE_FILE_FIELDS, SALES_FILE_REQUIRED, SALES_FILE_TYPE_MESSAGE } from "../constants/sale-uploads";
import type { SaleFileField } from "../constants/sale-uploads";

export const UploadProblemSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type UploadProblem = z.infer<typeof UploadProblemSchema>;

export const UploadRowValuesSchema = z
  .object(
    Object.fromEntries(
      SALE_FILE_FIELDS.map((field) => [
        field,
        z
          .string()
          .max(500, "At most 500 characters")
          .optional()
          .transform((value) => value?.trim() ?? ""),
      ]),
    ) as Record<SaleFileField, z.ZodEffects<z.ZodOptional<z.ZodString>, string, string | undefined>>,
  )
  .strip();
export type UploadRowValues = z.output<typeof UploadRowValuesSchema>;

export const CorrectRowSchema = z.object({ values: UploadRowValuesSchema }).strip();

export const SalesUploadedSchema = z.object({ message: z.string(), count: z.number() });

export const SalesUploadReportSchema = z.object({
  statusCode: z.literal(400),
  message: z.union([z.string(), z.array(z.string())]),
  error: z.string(),
  fieldErrors: z.record(z.array(z.string())).optional(),
  errors: z.array(UploadProblemSchema),
  errorCount: z.number(),
  /** Null when the file itself could not be read (nothing to correct row by row). */
  uploadId: z.string().nullable(),
});
export type SalesUploadReport = z.infer<typeof SalesUploadReportSchema>;

export const SaleUploadRecordSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  rowCount: z.number(),
  errorCount: z.number(),
  committed: z.boolean(),
  failedRows: z.array(
    z.object({
      row: z.number(),
      values: z.record(z.string()),
      problems: z.array(z.object({ column: z.string(), message: z.string() })),
    }),
  ),
  createdAt: z.string(),
});
export type SaleUploadRecord = z.infer<typeof SaleUploadRecordSchema>;

const exportDate = (label: string) =>
  z.string().trim().refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`).optional();

// The end date counts whole; the future check needs today, so the service makes it.
export const SalesExportFieldsSchema = z
  .object({
    startDate: exportDate("Start date"),
    endDate: exportDate("End date"),
    status: z
      .enum(SALE_STATUSES, {
        errorMap: () => ({ message: "Status must be UNPAID, IN_INSTALLMENT, COMPLETED or CANCELLED" }),
      })
      .optional(),
  })
  .strip();
export const SalesExportQuerySchema = SalesExportFieldsSchema.refine(
  (query) => !query.startDate || !query.endDate || query.endDate >= query.startDate,
  { message: "End date must be after start date", path: ["endDate"] },
);
export type SalesExportQuery = z.output<typeof SalesExportQuerySchema>;

export const SALES_EXPORT_HEADER = [
  "Sale ID",
  "Sale Date",
  "Status",
  "Payment Method",
  "Customer",
  "Customer Email",
  "Customer Phone",
  "Agent",
  "Product",
  "Units",
  "Payment Mode",
  "Item Total (NGN)",
  "Deposit (NGN)",
  "Monthly Payment (NGN)",
  "Sale Total (NGN)",
  "Paid (NGN)",
  "Balance (NGN)",
  "Devices",
  // Last, so files read by column position before it was added still read the same.
  "Sale Number",
];

/** What a browser calls a sales file; the API still reads the bytes (a renamed file is refused). */
const SALES_FILE_NAME = /\.(csv|xlsx|xls)$/i;

export const SalesBatchFormSchema = z
  .object({
    file: z.unknown().transform((value, context): File => {
      const chosen = chosenFile(value);
      const fail = (message: string) => {
        context.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      };
      if (!chosen) return fail(SALES_FILE_REQUIRED);
      if (chosen.size > MAX_UPLOAD_BYTES) return fail(UPLOAD_TOO_LARGE_MESSAGE);
      if (!SALES_FILE_NAME.test(chosen.name)) return fail(SALES_FILE_TYPE_MESSAGE);
      return chosen;
    }),
  })
  .strip();

export const SalesExportFormSchema = SalesExportFieldsSchema.superRefine((query, context) => {
  const today = lagosToday();
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    context.addIssue({ code: "custom", path: ["endDate"], message: "End date must be after start date" });
  } else if (query.endDate && query.endDate > today) {
    context.addIssue({ code: "custom", path: ["endDate"], message: "End date cannot be in the future" });
  }
  if (query.startDate && query.startDate > today) {
    context.addIssue({ code: "custom", path: ["startDate"], message: "Start date cannot be in the future" });
  }
});
