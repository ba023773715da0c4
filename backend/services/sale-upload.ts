import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { agents, customers, devices, products, saleUploads } from "../db/schema";
import { arrayParam as anyOf, slicesOf as sliced } from "../db/bulk-insert";
import type { UploadedRow } from "../db/tables/sale-uploads";
import type { CustomerStatus } from "../schemas/customers";
import type { FileKind } from "../schemas/files";
import { nairaToKobo } from "../schemas/money";
import { normalisePhone } from "../schemas/phone";
import { lagosToday } from "../schemas/dates";
import { SaleItemSchema, isCalendarDate } from "../schemas/sale-rules";
import type { PaymentMethod, SaleItemInput } from "../schemas/sale-rules";
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
import type { StaffActor } from "./audit";
import { notFound } from "./errors";
import { CUSTOMER_BARRED, markPurchased } from "./customers";
import { currentFinancialSettings } from "./financial-settings";
import {
  InsufficientStock,
  TOTAL_TOO_LARGE,
  allocateFifo,
  isExactTotal,
  marginsApply,
  priceItem,
} from "./pricing";
import type { Allocation, FinancialSettings, ItemPrice, StockBatch } from "./pricing";
import { PRODUCT_NOT_FOUND } from "./sale-creation";
import {
  deviceForSaleColumns,
  deviceProblems,
  itemOfEachDevice,
  MODE_NOT_OFFERED,
  modeOffered,
  inventoryIdsOf,
  loadProductsForSale,
  stockBatchesOf,
} from "./sale-catalogue";
import type { DeviceForSale, ProductForSale, WarehouseBatch } from "./sale-catalogue";
import { formatNaira } from "./sale-payments";
import type { PreparedSale } from "./sale-upload-write";
import { writeSales } from "./sale-upload-write";
import type { FileRow, SheetLayout } from "./spreadsheet-rows";
import { readSpreadsheetRows } from "./spreadsheet-thread";

// Rows are checked with the rules and pricing of a sale made on screen, inside one transaction; any problem
// and nothing is stored, and the rows are kept so failed ones can be corrected (docs/decisions/021).

export const SALE_SHEET: SheetLayout<SaleFileField> = {
  columns: SALE_FILE_COLUMNS,
  maxRows: MAX_SALE_ROWS,
  noRowsMessage: "The file holds no sales",
  tooManyRowsMessage: `A file may hold at most ${MAX_SALE_ROWS.toLocaleString("en")} sales`,
};

export const UPLOAD_LIFETIME_DAYS = 14;

export type SalesFile = { name: string; bytes: Uint8Array; kind: FileKind };

export type SalesUploadOutcome =
  | { ok: true; message: string; count: number; uploadId: string }
  | { ok: false; fileError: string }
  | { ok: false; errors: UploadProblem[]; errorCount: number; uploadId: string | null };

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
  status: CustomerStatus;
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

export async function processSalesFile(
  db: AppDb,
  actor: StaffActor,
  file: SalesFile,
): Promise<SalesUploadOutcome> {
  const kind = file.kind === "xlsx" || file.kind === "xls" ? file.kind : "csv";
  const read = await readSpreadsheetRows(kind, file.bytes, SALE_SHEET);
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

/** Checks the whole batch again: a correction can free or take stock and devices other rows want. */
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
  await db
    .update(saleUploads)
    .set({ rows, errors: problems })
    .where(and(eq(saleUploads.id, id), isNull(saleUploads.committedAt)));
  return getUpload(db, actor, id);
}

export async function commitUpload(db: AppDb, actor: StaffActor, id: string): Promise<SalesUploadOutcome> {
  const upload = await ownUpload(db, actor, id);
  if (upload.committedAt) throw notFound("Upload not found");
  try {
    const count = await db.transaction(async (tx) => {
      // Two commits at once (a double click, two processes): the row lock makes the second wait, then it
      // finds the upload committed and imports nothing.
      const [locked] = await tx
        .select({ rows: saleUploads.rows, committedAt: saleUploads.committedAt })
        .from(saleUploads)
        .where(eq(saleUploads.id, id))
        .for("update");
      if (!locked || locked.committedAt) throw notFound("Upload not found");
      const count = await importRows(tx, actor, locked.rows, { uploadId: id, fileName: upload.fileName });
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

export async function deleteExpiredUploads(db: AppDb, now = new Date()) {
  const cutoff = new Date(now.getTime() - UPLOAD_LIFETIME_DAYS * 86_400_000);
  const deleted = await db
    .delete(saleUploads)
    .where(and(isNull(saleUploads.committedAt), lt(saleUploads.updatedAt, cutoff)))
    .returning({ id: saleUploads.id });
  return deleted.length;
}

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
  await markPurchased(
    tx,
    prepared.map((sale) => sale.customerId),
  );
  return prepared.length;
}

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
    status: customers.status,
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
      .select(deviceForSaleColumns)
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

type RowCheck = {
  value: (field: SaleFileField) => string;
  add: (column: SaleFileField, message: string) => void;
};
type TakenStock = {
  allocations: (Allocation & { inventoryItemId: string })[];
  taken: { batch: StockBatch; quantity: number }[];
};

function checkRow(
  row: UploadedRow,
  lookups: Lookups,
  deviceRows: Map<string, number>,
): { sale: PreparedSale } | { problems: UploadProblem[] } {
  const problems: UploadProblem[] = [];
  const check: RowCheck = {
    value: (field) => (row.values[field] ?? "").trim(),
    add: (column, message) => problems.push({ row: row.line, column, message }),
  };
  const customer = customerOfRow(check, lookups);
  const product = productOfRow(check, lookups);
  const { serials, deviceIds } = devicesOfRow(check, lookups, deviceRows, row.line);
  const item = itemOfRow(check, product, serials, deviceIds);
  const paymentMethod = paymentMethodOfRow(check);
  const saleDate = saleDateOfRow(check, lookups.today);
  const agent = agentOfRow(check, lookups);
  const paidCell = amountPaidOfRow(check);
  if (product && item.success && deviceIds.length === serials.length) {
    for (const problem of deviceProblems(product, item.data.quantity, deviceIds, lookups.devicesById))
      check.add("deviceSerials", problem);
  }
  if (problems.length > 0 || !product || !customer || !item.success || !paymentMethod) return { problems };

  const stock = takeRowStock(check, product, item.data.quantity, lookups);
  if (!stock) return { problems };
  const priced = priceRow(check, stock, item.data, lookups.settings, paidCell);
  if (!priced) return { problems };
  for (const id of deviceIds) deviceRows.set(id, row.line);
  return {
    sale: preparedSale(row.line, {
      customer,
      agent,
      product,
      item: item.data,
      paymentMethod,
      saleDate,
      deviceIds,
      deviceItems: itemOfEachDevice(product, item.data.quantity, deviceIds, lookups.devicesById),
      allocations: stock.allocations,
      ...priced,
    }),
  };
}

function customerOfRow({ value, add }: RowCheck, lookups: Lookups): CustomerRow | undefined {
  const customerCell = value("customer");
  let customer: CustomerRow | undefined;
  if (!customerCell) add("customer", "Customer is required");
  else if (customerCell.includes("@")) customer = lookups.customersByEmail.get(customerCell.toLowerCase());
  else {
    const phone = normalisePhone(customerCell);
    customer = phone ? lookups.customersByPhone.get(phone) : undefined;
  }
  if (customerCell && !customer) add("customer", "No customer has this e-mail or phone number");
  else if (customer?.status === "barred") add("customer", CUSTOMER_BARRED);
  return customer;
}

function productOfRow({ value, add }: RowCheck, lookups: Lookups): ProductForSale | undefined {
  const productCell = value("product");
  let product = lookups.productsById.get(productCell);
  if (!productCell) add("product", "Product is required");
  else if (!product) {
    const named = lookups.productIdsByName.get(productCell.toLowerCase()) ?? [];
    if (named.length > 1) add("product", `More than one product is named ${productCell}: give its id`);
    else product = named.length === 1 ? lookups.productsById.get(named[0]) : undefined;
    if (named.length === 0) add("product", PRODUCT_NOT_FOUND);
  }
  return product;
}

function devicesOfRow(
  { value, add }: RowCheck,
  lookups: Lookups,
  deviceRows: Map<string, number>,
  line: number,
) {
  const serials = serialsOf(value("deviceSerials"));
  const deviceIds: string[] = [];
  for (const serial of serials) {
    const device = lookups.devicesBySerial.get(serial.toLowerCase());
    if (!device) add("deviceSerials", `Device ${serial} does not exist`);
    else {
      const earlier = deviceRows.get(device.id);
      if (earlier !== undefined && earlier !== line)
        add("deviceSerials", `Device ${device.serialNumber} is also sold in row ${earlier}`);
      deviceIds.push(device.id);
    }
  }
  return { serials, deviceIds };
}

// The file names no recipient, so a stand-in one passes the item's rules; the real one is the customer.
function itemOfRow(
  { value, add }: RowCheck,
  product: ProductForSale | undefined,
  serials: string[],
  deviceIds: string[],
) {
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
  if (
    product &&
    (paymentMode === "ONE_OFF" || paymentMode === "INSTALLMENT") &&
    !modeOffered(product, paymentMode)
  )
    add("paymentMode", MODE_NOT_OFFERED[paymentMode]);
  return item;
}

function paymentMethodOfRow({ value, add }: RowCheck): PaymentMethod | null {
  const paymentMethod = value("paymentMethod").toUpperCase();
  if (paymentMethod === "CASH" || paymentMethod === "ONLINE") return paymentMethod;
  add("paymentMethod", "Payment method is required");
  return null;
}

function saleDateOfRow({ value, add }: RowCheck, today: string) {
  const saleDate = value("saleDate");
  if (!saleDate) add("saleDate", "Sale date is required");
  else if (!isCalendarDate(saleDate)) add("saleDate", "Sale date must be a date written YYYY-MM-DD");
  else if (saleDate > today) add("saleDate", "Sale date cannot be in the future");
  return saleDate;
}

function agentOfRow({ value, add }: RowCheck, lookups: Lookups) {
  const agentCell = value("agent");
  const agent = agentCell ? lookups.agentsByEmail.get(agentCell.toLowerCase()) : undefined;
  if (agentCell && !agent) add("agent", "No agent has this e-mail");
  else if (agent && agent.status !== "active") add("agent", "This agent is barred");
  return agent;
}

function amountPaidOfRow({ value, add }: RowCheck) {
  const paidCell = value("amountPaid") || "0";
  const paidValid = MONEY.test(paidCell);
  if (!paidValid) add("amountPaid", "Amount paid must be an amount in naira, with at most 2 decimals");
  return paidCell;
}

const giveBack = (taken: TakenStock["taken"]) => {
  for (const slice of taken) slice.batch.remaining += slice.quantity;
};

// Stock is taken only by rows that pass, in file order, as the sales would have been made.
function takeRowStock(
  { add }: RowCheck,
  product: ProductForSale,
  units: number,
  { batchesOf, settings }: Pick<Lookups, "batchesOf" | "settings">,
): TakenStock | null {
  const allocations: TakenStock["allocations"] = [];
  const taken: TakenStock["taken"] = [];
  for (const inventory of product.inventories) {
    const batches = batchesOf.get(inventory.inventoryItemId) ?? [];
    try {
      for (const slice of allocateFifo(batches, units * inventory.quantity, marginsApply(settings))) {
        const batch = batches.find((candidate) => candidate.batchId === slice.batchId);
        if (batch) {
          batch.remaining -= slice.quantity;
          taken.push({ batch, quantity: slice.quantity });
        }
        allocations.push({ ...slice, inventoryItemId: inventory.inventoryItemId });
      }
    } catch (error) {
      if (!(error instanceof InsufficientStock)) throw error;
      giveBack(taken);
      const left = Math.floor(batches.reduce((sum, batch) => sum + batch.remaining, 0) / inventory.quantity);
      add("units", `Not enough stock for ${product.name}: ${left} unit${left === 1 ? "" : "s"} available`);
      return null;
    }
  }
  return { allocations, taken };
}

/** A row refused here gives back the stock it took, for the rows after it. */
function priceRow(
  { add }: RowCheck,
  { allocations, taken }: TakenStock,
  item: SaleItemInput,
  settings: FinancialSettings,
  paidCell: string,
): { price: ItemPrice; paidKobo: number } | null {
  const price = priceItem(
    allocations,
    {
      paymentMode: item.paymentMode,
      discountPercent: item.discount,
      miscellaneousKobo: [],
      installmentDuration: item.installmentDuration,
      installmentStartingPercent: item.installmentStartingPrice,
    },
    settings,
    marginsApply(settings),
  );
  if (!isExactTotal(price)) {
    giveBack(taken);
    add("units", TOTAL_TOO_LARGE);
    return null;
  }
  const paidKobo = nairaToKobo(Number(paidCell));
  if (paidKobo > price.totalKobo) {
    giveBack(taken);
    add("amountPaid", `Amount paid cannot be more than the sale's total of ${formatNaira(price.totalKobo)}`);
    return null;
  }
  return { price, paidKobo };
}

function preparedSale(
  line: number,
  checked: {
    customer: CustomerRow;
    agent: { id: string } | undefined;
    product: ProductForSale;
    item: SaleItemInput;
    paymentMethod: PaymentMethod;
    saleDate: string;
    deviceIds: string[];
    deviceItems: Map<string, string>;
    allocations: TakenStock["allocations"];
    price: ItemPrice;
    paidKobo: number;
  },
): PreparedSale {
  const { customer, item } = checked;
  return {
    line,
    customerId: customer.id,
    agentId: checked.agent?.id ?? null,
    productId: checked.product.id,
    units: item.quantity,
    paymentMode: item.paymentMode,
    installmentDuration: item.installmentDuration ?? 0,
    installmentStartingPercent: item.installmentStartingPrice ?? 0,
    discountPercent: item.discount,
    paymentMethod: checked.paymentMethod,
    paidKobo: checked.paidKobo,
    saleDate: checked.saleDate,
    // The file names no recipient: the customer receives what they bought (docs/decisions/021).
    recipient: {
      firstname: customer.firstname,
      lastname: customer.lastname,
      address: customer.location,
      phone: customer.phone,
      email: customer.email,
    },
    deviceIds: checked.deviceIds,
    deviceItems: checked.deviceItems,
    allocations: checked.allocations,
    price: checked.price,
  };
}
