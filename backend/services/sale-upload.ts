import { randomUUID } from "node:crypto";
import { Param, and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  agents,
  customers,
  devices,
  inventoryBatches,
  inventoryMovements,
  products,
  saleAllocations,
  saleItems,
  salePayments,
  saleUploads,
  sales,
} from "../db/schema";
import { insertByUnnest } from "../db/bulk-insert";
import type { BulkColumn } from "../db/bulk-insert";
import type { UploadedRow } from "../db/tables/sale-uploads";
import { LAGOS_OFFSET_MS } from "../schemas/dates";
import type { FileKind } from "../schemas/files";
import { nairaToKobo } from "../schemas/money";
import { normalisePhone } from "../schemas/phone";
import { SaleItemSchema, isCalendarDate, lagosToday } from "../schemas/sale-rules";
import {
  MAX_LISTED_ROWS,
  MAX_SALE_ROWS,
  SALES_UPLOADED,
  SALE_FILE_COLUMNS,
  SALE_FILE_FIELDS,
} from "../schemas/sale-uploads";
import type {
  SaleFileField,
  SaleUploadRecord,
  UploadProblem,
  UploadRowValues,
} from "../schemas/sale-uploads";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { notFound } from "./errors";
import { currentFinancialSettings } from "./financial-settings";
import { InsufficientStock, allocateFifo, priceItem, saleTotals } from "./pricing";
import type { Allocation, FinancialSettings, ItemPrice, StockBatch } from "./pricing";
import { INSTALLMENT_NOT_OFFERED, PRODUCT_NOT_FOUND } from "./sale-creation";
import {
  deviceProblems,
  installmentAllowed,
  inventoryIdsOf,
  loadProductsForSale,
  stockBatchesOf,
} from "./sale-catalogue";
import type { DeviceForSale, ProductForSale, WarehouseBatch } from "./sale-catalogue";
import { formatNaira, paymentStatusAfter, statusAfterPayment } from "./sale-payments";
import { readCsvRows, readXlsRows, readXlsxRows } from "./spreadsheet-rows";
import type { FileRow, SheetLayout } from "./spreadsheet-rows";

/**
 * Batch upload of sales (issue "Batch upload of sales", docs/decisions/021): every row is checked with the
 * rules and pricing of a sale made on screen, against the stock and devices as they are inside one
 * transaction (batches and devices locked), rows taking stock oldest batch first in file order. Any
 * problem and nothing is stored: the file's rows are kept so the failed ones can be corrected in place and
 * the batch committed once every row passes.
 */

export const SALE_SHEET: SheetLayout<SaleFileField> = {
  columns: SALE_FILE_COLUMNS,
  maxRows: MAX_SALE_ROWS,
  noRowsMessage: "The file holds no sales",
  tooManyRowsMessage: `A file may hold at most ${MAX_SALE_ROWS.toLocaleString("en")} sales`,
};

/** Uploads waiting for corrections are kept this long after their last change. */
export const UPLOAD_LIFETIME_DAYS = 14;
/** Lookups are asked in slices, each slice one array parameter. */
const LOOKUP_SLICE = 5_000;

export type SalesFile = { name: string; bytes: Uint8Array; kind: FileKind };

export type SalesUploadOutcome =
  | { ok: true; message: string; count: number; uploadId: string }
  | { ok: false; fileError: string }
  | { ok: false; errors: UploadProblem[]; errorCount: number; uploadId: string | null };

/** A row that passed: the sale it makes, priced and with its stock and devices chosen. */
type PreparedSale = {
  line: number;
  customerId: string;
  agentId: string | null;
  productId: string;
  units: number;
  paymentMode: "ONE_OFF" | "INSTALLMENT";
  installmentDuration: number;
  installmentStartingPercent: number;
  discountPercent: number;
  paymentMethod: "CASH" | "ONLINE";
  paidKobo: number;
  saleDate: string;
  recipient: { firstname: string; lastname: string; address: string; phone: string; email: string };
  deviceIds: string[];
  allocations: (Allocation & { inventoryItemId: string })[];
  price: ItemPrice;
};

/** What checking the rows needs, read once per check (inside the transaction that may write them). */
type Lookups = {
  customersByEmail: Map<string, CustomerRow>;
  customersByPhone: Map<string, CustomerRow>;
  productsById: Map<string, ProductForSale>;
  productIdsByName: Map<string, string[]>;
  agentsByEmail: Map<string, { id: string; status: string }>;
  devicesBySerial: Map<string, DeviceForSale>;
  devicesById: Map<string, DeviceForSale>;
  batchesOf: Map<string, WarehouseBatch[]>;
  settings: FinancialSettings;
  today: string;
};
type CustomerRow = {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  location: string;
};

class RowsRefused extends Error {
  constructor(readonly problems: UploadProblem[]) {
    super("The batch has problems");
  }
}

const COLUMN_ORDER = new Map<string, number>(SALE_FILE_FIELDS.map((field, index) => [field, index]));
const sortProblems = (problems: UploadProblem[]) =>
  problems.sort(
    (a, b) => a.row - b.row || (COLUMN_ORDER.get(a.column) ?? 99) - (COLUMN_ORDER.get(b.column) ?? 99),
  );

function rowsOf(read: FileRow<SaleFileField>[]): UploadedRow[] {
  return read.map((row) => ({
    line: row.line,
    values: Object.fromEntries(SALE_FILE_FIELDS.map((field) => [field, (row.cells[field] ?? "").trim()])),
  }));
}

async function readSalesFile(file: SalesFile) {
  if (file.kind === "xlsx") return readXlsxRows(file.bytes, SALE_SHEET);
  if (file.kind === "xls") return readXlsRows(file.bytes, SALE_SHEET);
  return readCsvRows(file.bytes, SALE_SHEET);
}

/** `POST /v1/csv-upload/process`: a clean file is committed at once; otherwise it is kept for corrections. */
export async function processSalesFile(
  db: AppDb,
  actor: StaffActor,
  file: SalesFile,
): Promise<SalesUploadOutcome> {
  const read = await readSalesFile(file);
  if (!read.ok) {
    if ("fileError" in read) return read;
    return { ok: false, errors: read.errors, errorCount: read.errors.length, uploadId: null };
  }
  const rows = rowsOf(read.rows);
  const fileName = file.name.slice(0, 200) || "sales file";
  const uploadId = randomUUID();
  try {
    const count = await db.transaction(async (tx) => {
      await tx
        .insert(saleUploads)
        // Committed with its sales: the housekeeping never deletes an upload sales point to.
        .values({
          id: uploadId,
          ownerId: actor.userId,
          fileName,
          rows: [],
          errors: [],
          committedAt: new Date(),
        });
      return importRows(tx, actor, rows, { uploadId, fileName });
    });
    return { ok: true, message: SALES_UPLOADED, count, uploadId };
  } catch (error) {
    if (!(error instanceof RowsRefused)) throw error;
    await db.insert(saleUploads).values({
      id: uploadId,
      ownerId: actor.userId,
      fileName,
      rows,
      errors: error.problems,
    });
    return refused(error.problems, uploadId);
  }
}

function refused(problems: UploadProblem[], uploadId: string): SalesUploadOutcome {
  return { ok: false, errors: problems.slice(0, 1_000), errorCount: problems.length, uploadId };
}

async function ownUpload(db: AppDb, actor: StaffActor, id: string) {
  const [upload] = await db
    .select()
    .from(saleUploads)
    .where(and(eq(saleUploads.id, id), eq(saleUploads.ownerId, actor.userId)));
  // Someone else's upload is as good as missing (its rows name customers and amounts).
  if (!upload) throw notFound("Upload not found");
  return upload;
}

/** `GET /v1/csv-upload/{id}`: the failed rows with their cells and problems, the first MAX_LISTED_ROWS. */
export async function getUpload(db: AppDb, actor: StaffActor, id: string): Promise<SaleUploadRecord> {
  const upload = await ownUpload(db, actor, id);
  const problemsOf = new Map<number, { column: string; message: string }[]>();
  for (const problem of upload.errors) {
    const list = problemsOf.get(problem.row) ?? [];
    list.push({ column: problem.column, message: problem.message });
    problemsOf.set(problem.row, list);
  }
  const failedRows = upload.rows
    .filter((row) => problemsOf.has(row.line))
    .slice(0, MAX_LISTED_ROWS)
    .map((row) => ({ row: row.line, values: row.values, problems: problemsOf.get(row.line) ?? [] }));
  // Problems of the file as a whole (a missing column) sit on line 1, which is no data row.
  const fileProblems = problemsOf.get(1);
  if (fileProblems && !upload.rows.some((row) => row.line === 1)) {
    failedRows.unshift({ row: 1, values: {}, problems: fileProblems });
  }
  return {
    id: upload.id,
    fileName: upload.fileName,
    rowCount: upload.rows.length,
    errorCount: upload.errors.length,
    committed: upload.committedAt !== null,
    failedRows,
    createdAt: upload.createdAt.toISOString(),
  };
}

/**
 * `PATCH /v1/csv-upload/{id}/rows/{row}`: replaces one row's cells and checks the whole batch again (a
 * correction can free or take stock and devices other rows want). Nothing is written but the upload.
 */
export async function correctUploadRow(
  db: AppDb,
  actor: StaffActor,
  id: string,
  line: number,
  values: UploadRowValues,
): Promise<SaleUploadRecord> {
  const upload = await ownUpload(db, actor, id);
  if (upload.committedAt) throw notFound("Upload not found");
  const index = upload.rows.findIndex((row) => row.line === line);
  if (index < 0) throw notFound("Row not found");
  const rows = upload.rows.map((row, at) => (at === index ? { line, values: { ...values } } : row));
  let problems: UploadProblem[] = [];
  try {
    await db.transaction(async (tx) => {
      await importRows(tx, actor, rows, { uploadId: id, fileName: upload.fileName, checkOnly: true });
    });
  } catch (error) {
    if (!(error instanceof RowsRefused)) throw error;
    problems = error.problems;
  }
  await db.update(saleUploads).set({ rows, errors: problems }).where(eq(saleUploads.id, id));
  return getUpload(db, actor, id);
}

/** `POST /v1/csv-upload/{id}/commit`: the corrected batch, all or nothing like the first time. */
export async function commitUpload(db: AppDb, actor: StaffActor, id: string): Promise<SalesUploadOutcome> {
  const upload = await ownUpload(db, actor, id);
  if (upload.committedAt) throw notFound("Upload not found");
  try {
    const count = await db.transaction(async (tx) => {
      const count = await importRows(tx, actor, upload.rows, { uploadId: id, fileName: upload.fileName });
      // The cells are not needed once the sales exist; the upload stays as what the sales came from.
      await tx
        .update(saleUploads)
        .set({ committedAt: new Date(), rows: [], errors: [] })
        .where(and(eq(saleUploads.id, id), isNull(saleUploads.committedAt)));
      return count;
    });
    return { ok: true, message: SALES_UPLOADED, count, uploadId: id };
  } catch (error) {
    if (!(error instanceof RowsRefused)) throw error;
    await db.update(saleUploads).set({ errors: error.problems }).where(eq(saleUploads.id, id));
    return refused(error.problems, id);
  }
}

/** Uploads never committed and untouched for UPLOAD_LIFETIME_DAYS are deleted. */
export async function deleteExpiredUploads(db: AppDb, now = new Date()) {
  const cutoff = new Date(now.getTime() - UPLOAD_LIFETIME_DAYS * 86_400_000);
  await db.delete(saleUploads).where(and(isNull(saleUploads.committedAt), lt(saleUploads.updatedAt, cutoff)));
}

/**
 * Checks every row inside `tx` and, unless `checkOnly`, writes the sales; throws RowsRefused with every
 * problem otherwise (rolling the transaction back). Returns how many sales were made.
 */
async function importRows(
  tx: AppDb,
  actor: StaffActor,
  rows: UploadedRow[],
  options: { uploadId: string; fileName: string; checkOnly?: boolean },
): Promise<number> {
  const lookups = await readLookups(tx, rows, !options.checkOnly);
  const problems: UploadProblem[] = [];
  const prepared: PreparedSale[] = [];
  const deviceRows = new Map<string, number>();
  for (const row of rows) {
    const outcome = checkRow(row, lookups, deviceRows);
    if ("problems" in outcome) problems.push(...outcome.problems);
    else prepared.push(outcome.sale);
  }
  if (problems.length > 0) throw new RowsRefused(sortProblems(problems));
  if (options.checkOnly) return prepared.length;
  await writeSales(tx, actor, prepared, lookups.settings, options);
  return prepared.length;
}

function sliced<T>(values: T[]): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < values.length; start += LOOKUP_SLICE)
    slices.push(values.slice(start, start + LOOKUP_SLICE));
  return slices;
}

const anyOf = (values: string[]) => new Param(values);

async function readLookups(tx: AppDb, rows: UploadedRow[], lock: boolean): Promise<Lookups> {
  const cell = (field: SaleFileField) => [
    ...new Set(rows.map((row) => row.values[field] ?? "").filter(Boolean)),
  ];
  const emails = cell("customer")
    .filter((value) => value.includes("@"))
    .map((value) => value.toLowerCase());
  const phones = cell("customer")
    .filter((value) => !value.includes("@"))
    .map(normalisePhone)
    .filter((value): value is string => value !== null);

  const customersByEmail = new Map<string, CustomerRow>();
  const customersByPhone = new Map<string, CustomerRow>();
  const customerColumns = {
    id: customers.id,
    firstname: customers.firstname,
    lastname: customers.lastname,
    email: customers.email,
    phone: customers.phone,
    location: customers.location,
  };
  for (const slice of sliced(emails)) {
    const found = await tx
      .select(customerColumns)
      .from(customers)
      .where(and(sql`lower(${customers.email}) = any(${anyOf(slice)}::text[])`, isNull(customers.deletedAt)));
    for (const row of found) customersByEmail.set(row.email.toLowerCase(), row);
  }
  for (const slice of sliced(phones)) {
    const found = await tx
      .select(customerColumns)
      .from(customers)
      .where(and(sql`${customers.phone} = any(${anyOf(slice)}::text[])`, isNull(customers.deletedAt)));
    for (const row of found) customersByPhone.set(row.phone, row);
  }

  const productCells = cell("product");
  const productIdsByName = new Map<string, string[]>();
  const candidateIds = new Set<string>();
  for (const slice of sliced(productCells)) {
    const lowered = slice.map((value) => value.toLowerCase());
    const found = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(
        sql`(${products.id} = any(${anyOf(slice)}::text[]) or lower(${products.name}) = any(${anyOf(lowered)}::text[]))`,
      );
    for (const row of found) {
      candidateIds.add(row.id);
      const named = productIdsByName.get(row.name.toLowerCase()) ?? [];
      if (!named.includes(row.id)) named.push(row.id);
      productIdsByName.set(row.name.toLowerCase(), named);
    }
  }
  const productsById = await loadProductsForSale(tx, [...candidateIds]);

  const agentsByEmail = new Map<string, { id: string; status: string }>();
  for (const slice of sliced(cell("agent").map((value) => value.toLowerCase()))) {
    const found = await tx
      .select({ id: agents.id, email: agents.email, status: agents.status })
      .from(agents)
      .where(and(sql`lower(${agents.email}) = any(${anyOf(slice)}::text[])`, isNull(agents.deletedAt)));
    for (const row of found) agentsByEmail.set(row.email.toLowerCase(), row);
  }

  const serials = [
    ...new Set(
      rows.flatMap((row) => serialsOf(row.values.deviceSerials ?? "").map((serial) => serial.toLowerCase())),
    ),
  ];
  const devicesBySerial = new Map<string, DeviceForSale>();
  for (const slice of sliced(serials)) {
    const query = tx
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        inventoryId: devices.inventoryId,
        saleItemId: devices.saleItemId,
      })
      .from(devices)
      .where(sql`lower(${devices.serialNumber}) = any(${anyOf(slice)}::text[])`)
      .orderBy(asc(devices.id));
    // Locked so a sale made on screen meanwhile cannot take a device this batch links.
    const found = lock ? await query.for("update") : await query;
    for (const row of found) devicesBySerial.set(row.serialNumber.toLowerCase(), row);
  }

  const batchesOf = await stockBatchesOf(tx, inventoryIdsOf(productsById.values()), { lock });

  return {
    customersByEmail,
    customersByPhone,
    productsById,
    productIdsByName,
    agentsByEmail,
    devicesBySerial,
    devicesById: new Map([...devicesBySerial.values()].map((device) => [device.id, device])),
    batchesOf,
    settings: await currentFinancialSettings(tx),
    today: lagosToday(),
  };
}

const serialsOf = (cell: string) =>
  cell
    .split(";")
    .map((serial) => serial.trim())
    .filter(Boolean);

/** What the on-screen rules call a field, as the file's column. */
const ITEM_FIELD_COLUMNS: Record<string, SaleFileField> = {
  productId: "product",
  quantity: "units",
  paymentMode: "paymentMode",
  discount: "discount",
  installmentDuration: "installmentDuration",
  installmentStartingPrice: "installmentStartingPrice",
  devices: "deviceSerials",
};

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/** One row against the rules of a sale made on screen; stock and devices it takes are kept from later rows. */
function checkRow(
  row: UploadedRow,
  lookups: Lookups,
  deviceRows: Map<string, number>,
): { sale: PreparedSale } | { problems: UploadProblem[] } {
  const problems: UploadProblem[] = [];
  const add = (column: SaleFileField, message: string) => problems.push({ row: row.line, column, message });
  const value = (field: SaleFileField) => (row.values[field] ?? "").trim();

  const customerCell = value("customer");
  let customer: CustomerRow | undefined;
  if (!customerCell) add("customer", "Customer is required");
  else if (customerCell.includes("@")) customer = lookups.customersByEmail.get(customerCell.toLowerCase());
  else {
    const phone = normalisePhone(customerCell);
    customer = phone ? lookups.customersByPhone.get(phone) : undefined;
  }
  if (customerCell && !customer) add("customer", "No customer has this e-mail or phone number");

  const productCell = value("product");
  let product = lookups.productsById.get(productCell);
  if (!productCell) add("product", "Product is required");
  else if (!product) {
    const named = lookups.productIdsByName.get(productCell.toLowerCase()) ?? [];
    if (named.length > 1) add("product", `More than one product is named ${productCell}: give its id`);
    else product = named.length === 1 ? lookups.productsById.get(named[0]) : undefined;
    if (named.length === 0) add("product", PRODUCT_NOT_FOUND);
  }

  const serials = serialsOf(value("deviceSerials"));
  const deviceIds: string[] = [];
  for (const serial of serials) {
    const device = lookups.devicesBySerial.get(serial.toLowerCase());
    if (!device) add("deviceSerials", `Device ${serial} does not exist`);
    else {
      const earlier = deviceRows.get(device.id);
      if (earlier !== undefined && earlier !== row.line)
        add("deviceSerials", `Device ${device.serialNumber} is also sold in row ${earlier}`);
      deviceIds.push(device.id);
    }
  }

  const paymentMode = value("paymentMode").toUpperCase();
  const item = SaleItemSchema.safeParse({
    productId: product?.id ?? "unknown-product",
    quantity: value("units"),
    paymentMode,
    discount: value("discount") || "0",
    installmentDuration:
      paymentMode === "INSTALLMENT" ? value("installmentDuration") || undefined : undefined,
    installmentStartingPrice:
      paymentMode === "INSTALLMENT" ? value("installmentStartingPrice") || undefined : undefined,
    devices: serials.length === 0 ? [] : deviceIds.length > 0 ? deviceIds : ["unknown-device"],
    saleRecipient: { firstname: "xx", lastname: "xx", address: "x", phone: "0000000000", email: "a@b.co" },
  });
  if (!item.success) {
    for (const issue of item.error.issues) {
      const column = ITEM_FIELD_COLUMNS[String(issue.path[0])];
      // Unknown devices are already said above, serial by serial.
      if (column && !(column === "deviceSerials" && serials.length > 0)) add(column, issue.message);
    }
  }
  if (product && paymentMode === "INSTALLMENT" && !installmentAllowed(product))
    add("paymentMode", INSTALLMENT_NOT_OFFERED);

  const paymentMethod = value("paymentMethod").toUpperCase();
  if (paymentMethod !== "CASH" && paymentMethod !== "ONLINE")
    add("paymentMethod", "Payment method is required");

  const saleDate = value("saleDate");
  if (!saleDate) add("saleDate", "Sale date is required");
  else if (!isCalendarDate(saleDate)) add("saleDate", "Sale date must be a date written YYYY-MM-DD");
  else if (saleDate > lookups.today) add("saleDate", "Sale date cannot be in the future");

  const agentCell = value("agent");
  const agent = agentCell ? lookups.agentsByEmail.get(agentCell.toLowerCase()) : undefined;
  if (agentCell && !agent) add("agent", "No agent has this e-mail");
  else if (agent && agent.status !== "active") add("agent", "This agent is barred");

  const paidCell = value("amountPaid") || "0";
  const paidValid = MONEY.test(paidCell);
  if (!paidValid) add("amountPaid", "Amount paid must be an amount in naira, with at most 2 decimals");

  if (product && item.success && deviceIds.length === serials.length) {
    for (const problem of deviceProblems(product, item.data.quantity, deviceIds, lookups.devicesById))
      add("deviceSerials", problem);
  }
  if (problems.length > 0 || !product || !customer || !item.success) return { problems };

  // Stock is taken only by rows that pass, in file order, as the sales would have been made.
  const allocations: (Allocation & { inventoryItemId: string })[] = [];
  const taken: { batch: StockBatch; quantity: number }[] = [];
  for (const inventory of product.inventories) {
    const batches = lookups.batchesOf.get(inventory.inventoryItemId) ?? [];
    try {
      for (const slice of allocateFifo(batches, item.data.quantity * inventory.quantity, false)) {
        const batch = batches.find((candidate) => candidate.batchId === slice.batchId);
        if (batch) {
          batch.remaining -= slice.quantity;
          taken.push({ batch, quantity: slice.quantity });
        }
        allocations.push({ ...slice, inventoryItemId: inventory.inventoryItemId });
      }
    } catch (error) {
      if (!(error instanceof InsufficientStock)) throw error;
      for (const slice of taken) slice.batch.remaining += slice.quantity;
      const left = Math.floor(batches.reduce((sum, batch) => sum + batch.remaining, 0) / inventory.quantity);
      add("units", `Not enough stock for ${product.name}: ${left} unit${left === 1 ? "" : "s"} available`);
      return { problems };
    }
  }
  const price = priceItem(
    allocations,
    {
      paymentMode: item.data.paymentMode,
      discountPercent: item.data.discount,
      miscellaneousKobo: [],
      installmentDuration: item.data.installmentDuration,
      installmentStartingPercent: item.data.installmentStartingPrice,
    },
    lookups.settings,
    false,
  );
  const paidKobo = nairaToKobo(Number(paidCell));
  if (paidKobo > price.totalKobo) {
    for (const slice of taken) slice.batch.remaining += slice.quantity;
    add("amountPaid", `Amount paid cannot be more than the sale's total of ${formatNaira(price.totalKobo)}`);
    return { problems };
  }
  for (const id of deviceIds) deviceRows.set(id, row.line);
  return {
    sale: {
      line: row.line,
      customerId: customer.id,
      agentId: agent?.id ?? null,
      productId: product.id,
      units: item.data.quantity,
      paymentMode: item.data.paymentMode,
      installmentDuration: item.data.installmentDuration ?? 0,
      installmentStartingPercent: item.data.installmentStartingPrice ?? 0,
      discountPercent: item.data.discount,
      paymentMethod: paymentMethod as "CASH" | "ONLINE",
      paidKobo,
      saleDate,
      // The file names no recipient: the customer receives what they bought (docs/decisions/021).
      recipient: {
        firstname: customer.firstname,
        lastname: customer.lastname,
        address: customer.location,
        phone: customer.phone,
        email: customer.email,
      },
      deviceIds,
      allocations,
      price,
    },
  };
}

/** Noon in Lagos on `day`: the moment an imported sale (and its payment) is dated. */
const lagosNoon = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - LAGOS_OFFSET_MS);
const percentToBps = (percent: number) => Math.round(percent * 100);

const SALE_COLUMNS = [
  ["id", "text"],
  ["customerId", "text"],
  ["agentId", "text"],
  ["status", "text"],
  ["paymentMethod", "text"],
  ["applyMargin", "boolean"],
  ["outrightMarginBps", "integer"],
  ["loanMarginBps", "integer"],
  ["monthlyInterestBps", "integer"],
  ["hasContract", "boolean"],
  ["totalKobo", "bigint"],
  ["dueNowKobo", "bigint"],
  ["totalMonthlyKobo", "bigint"],
  ["installmentMonths", "integer"],
  ["paidKobo", "bigint"],
  ["creatorId", "text"],
  ["uploadId", "text"],
  ["createdAt", "timestamptz"],
  ["updatedAt", "timestamptz"],
] as const satisfies readonly BulkColumn[];
const ITEM_COLUMNS = [
  ["id", "text"],
  ["saleId", "text"],
  ["productId", "text"],
  ["quantity", "integer"],
  ["paymentMode", "text"],
  ["discountBps", "integer"],
  ["installmentDuration", "integer"],
  ["installmentStartingBps", "integer"],
  ["miscellaneous", "jsonb"],
  ["recipient", "jsonb"],
  ["baseKobo", "bigint"],
  ["discountKobo", "bigint"],
  ["miscellaneousKobo", "bigint"],
  ["interestKobo", "bigint"],
  ["marginKobo", "bigint"],
  ["totalKobo", "bigint"],
  ["initialPaymentKobo", "bigint"],
  ["monthlyPaymentKobo", "bigint"],
] as const satisfies readonly BulkColumn[];
const ALLOCATION_COLUMNS = [
  ["id", "text"],
  ["saleItemId", "text"],
  ["batchId", "text"],
  ["inventoryItemId", "text"],
  ["quantity", "integer"],
  ["unitPriceKobo", "bigint"],
] as const satisfies readonly BulkColumn[];
const MOVEMENT_COLUMNS = [
  ["id", "text"],
  ["kind", "text"],
  ["inventoryItemId", "text"],
  ["batchId", "text"],
  ["fromWarehouseId", "text"],
  ["quantity", "integer"],
  ["actorId", "text"],
  ["reason", "text"],
] as const satisfies readonly BulkColumn[];
const PAYMENT_COLUMNS = [
  ["id", "text"],
  ["saleId", "text"],
  ["method", "text"],
  ["amountKobo", "bigint"],
  ["status", "text"],
  ["reference", "text"],
  ["notes", "text"],
  ["recordedBy", "text"],
  ["createdAt", "timestamptz"],
] as const satisfies readonly BulkColumn[];

/** The sales of a checked batch, written in bulk: sales, items, stock, movements, devices and payments. */
async function writeSales(
  tx: AppDb,
  actor: StaffActor,
  prepared: PreparedSale[],
  settings: FinancialSettings,
  { uploadId, fileName }: { uploadId: string; fileName: string },
) {
  const saleRows: (typeof sales.$inferInsert)[] = [];
  const itemRows: (typeof saleItems.$inferInsert)[] = [];
  const allocationRows: (typeof saleAllocations.$inferInsert)[] = [];
  const movementRows: (typeof inventoryMovements.$inferInsert)[] = [];
  const paymentRows: (typeof salePayments.$inferInsert)[] = [];
  const deviceLinks: { id: string; saleItemId: string }[] = [];
  const takenPerBatch = new Map<string, number>();
  const warehouseOf = new Map<string, string>();

  for (const sale of prepared) {
    const saleId = randomUUID();
    const saleItemId = randomUUID();
    const createdAt = lagosNoon(sale.saleDate);
    const totals = saleTotals([sale.price]);
    saleRows.push({
      id: saleId,
      customerId: sale.customerId,
      agentId: sale.agentId,
      paymentMethod: sale.paymentMethod,
      applyMargin: false,
      ...settings,
      hasContract: sale.paymentMode === "INSTALLMENT",
      totalKobo: totals.totalKobo,
      dueNowKobo: totals.dueNowKobo,
      totalMonthlyKobo: totals.totalMonthlyKobo,
      installmentMonths: sale.price.installmentDuration,
      paidKobo: sale.paidKobo,
      status: statusAfterPayment(sale.paidKobo, totals.totalKobo),
      creatorId: actor.userId,
      uploadId,
      createdAt,
      updatedAt: createdAt,
    });
    itemRows.push({
      id: saleItemId,
      saleId,
      productId: sale.productId,
      quantity: sale.units,
      paymentMode: sale.paymentMode,
      discountBps: percentToBps(sale.discountPercent),
      installmentDuration: sale.paymentMode === "INSTALLMENT" ? sale.installmentDuration : 0,
      installmentStartingBps:
        sale.paymentMode === "INSTALLMENT" ? percentToBps(sale.installmentStartingPercent) : 0,
      miscellaneous: [],
      recipient: sale.recipient,
      baseKobo: sale.price.baseKobo,
      discountKobo: sale.price.discountKobo,
      miscellaneousKobo: sale.price.miscellaneousKobo,
      interestKobo: sale.price.interestKobo,
      marginKobo: sale.price.marginKobo,
      totalKobo: sale.price.totalKobo,
      initialPaymentKobo: sale.price.initialPaymentKobo,
      monthlyPaymentKobo: sale.price.monthlyPaymentKobo,
    });
    for (const slice of sale.allocations) {
      allocationRows.push({
        id: randomUUID(),
        saleItemId,
        batchId: slice.batchId,
        inventoryItemId: slice.inventoryItemId,
        quantity: slice.quantity,
        unitPriceKobo: slice.unitPriceKobo,
      });
      takenPerBatch.set(slice.batchId, (takenPerBatch.get(slice.batchId) ?? 0) + slice.quantity);
      movementRows.push({
        id: randomUUID(),
        kind: "ALLOCATION",
        inventoryItemId: slice.inventoryItemId,
        batchId: slice.batchId,
        fromWarehouseId: "",
        quantity: slice.quantity,
        actorId: actor.userId,
        reason: `Sale ${saleId} (batch upload)`,
      });
    }
    for (const id of sale.deviceIds) deviceLinks.push({ id, saleItemId });
    if (sale.paidKobo > 0) {
      paymentRows.push({
        id: randomUUID(),
        saleId,
        method: sale.paymentMethod,
        amountKobo: sale.paidKobo,
        status: paymentStatusAfter(sale.paidKobo, totals.totalKobo),
        reference: `import-${uploadId.slice(0, 8)}-${sale.line}`,
        notes: `Recorded before the sale was uploaded (${fileName.slice(0, 100)}, row ${sale.line})`,
        recordedBy: actor.userId,
        createdAt,
      });
    }
  }

  const batchIds = [...takenPerBatch.keys()];
  for (const slice of sliced(batchIds)) {
    const updated = await tx
      .update(inventoryBatches)
      .set({
        remainingQuantity: sql`${inventoryBatches.remainingQuantity} - (select taken.quantity from unnest(${anyOf(slice)}::text[], ${new Param(slice.map((id) => takenPerBatch.get(id) ?? 0))}::integer[]) as taken(id, quantity) where taken.id = ${inventoryBatches.id})`,
      })
      .where(sql`${inventoryBatches.id} = any(${anyOf(slice)}::text[])`)
      .returning({ id: inventoryBatches.id, warehouseId: inventoryBatches.warehouseId });
    for (const row of updated) warehouseOf.set(row.id, row.warehouseId);
  }
  for (const movement of movementRows)
    movement.fromWarehouseId = warehouseOf.get(movement.batchId ?? "") ?? null;

  await insertByUnnest(tx, sales, SALE_COLUMNS, saleRows);
  await insertByUnnest(tx, saleItems, ITEM_COLUMNS, itemRows);
  await insertByUnnest(tx, saleAllocations, ALLOCATION_COLUMNS, allocationRows);
  await insertByUnnest(tx, inventoryMovements, MOVEMENT_COLUMNS, movementRows);
  await insertByUnnest(tx, salePayments, PAYMENT_COLUMNS, paymentRows);
  for (const slice of sliced(deviceLinks)) {
    // The devices were locked when checked: each is still free, so every link lands.
    await tx.execute(sql`
      update ${devices} set sale_item_id = link.sale_item_id
      from unnest(${anyOf(slice.map((link) => link.id))}::text[], ${anyOf(slice.map((link) => link.saleItemId))}::text[])
        as link(id, sale_item_id)
      where ${devices.id} = link.id and ${devices.saleItemId} is null`);
  }
  await recordAudit(tx, actor, {
    action: "batch-upload",
    subject: "Sales",
    recordId: uploadId,
    summary: `Uploaded ${prepared.length} sale${prepared.length === 1 ? "" : "s"} from ${fileName.slice(0, 100)}`,
    changes: { count: prepared.length, file: fileName.slice(0, 200), uploadId },
  });
}
