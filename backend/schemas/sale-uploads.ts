import { z } from "zod";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE, chosenFile } from "./files";
import { isCalendarDate, lagosToday } from "./sale-rules";
import { SALE_STATUSES } from "./sales";

export const SALE_FILE_KINDS = ["csv", "xlsx", "xls"] as const;
export const SALES_FILE_REQUIRED = "Sales file is required";
export const SALES_FILE_TYPE_MESSAGE = "Only CSV/Excel files (.csv, .xlsx, .xls) allowed";
export const SALES_UPLOADED = "Sales uploaded successfully!";
export const MAX_SALE_ROWS = 20_000;

export const SALE_FILE_COLUMNS = [
  { header: "customer", field: "customer", required: true, hint: "The customer's e-mail or phone number" },
  { header: "product", field: "product", required: true, hint: "The product's name or id" },
  { header: "units", field: "units", required: true, hint: "How many units, 1 or more" },
  { header: "paymentMode", field: "paymentMode", required: true, hint: "ONE_OFF or INSTALLMENT" },
  {
    header: "installmentDuration",
    field: "installmentDuration",
    required: false,
    hint: "Months, for INSTALLMENT",
  },
  {
    header: "installmentStartingPrice",
    field: "installmentStartingPrice",
    required: false,
    hint: "The deposit as a percentage, for INSTALLMENT",
  },
  { header: "discount", field: "discount", required: false, hint: "A percentage, 0 when empty" },
  {
    header: "deviceSerials",
    field: "deviceSerials",
    required: false,
    hint: "Serial numbers of the devices sold, separated by ;",
  },
  { header: "paymentMethod", field: "paymentMethod", required: true, hint: "CASH or ONLINE" },
  {
    header: "amountPaid",
    field: "amountPaid",
    required: false,
    hint: "Naira already received, 0 when empty",
  },
  { header: "saleDate", field: "saleDate", required: true, hint: "YYYY-MM-DD, not in the future" },
  { header: "agent", field: "agent", required: false, hint: "The agent's e-mail (optional)" },
] as const;
export type SaleFileField = (typeof SALE_FILE_COLUMNS)[number]["field"];
export const SALE_FILE_FIELDS = SALE_FILE_COLUMNS.map((column) => column.field);

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
  .strict();
export type UploadRowValues = z.output<typeof UploadRowValuesSchema>;

export const CorrectRowSchema = z.object({ values: UploadRowValuesSchema }).strict();

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

export const MAX_LISTED_ROWS = 100;

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
  .strict();
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
  .strict();

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
