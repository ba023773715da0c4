// Values the browser shares with the API, free of zod so that pages needing only these stay small.

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
export const MAX_LISTED_ROWS = 100;
