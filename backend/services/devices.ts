import { randomUUID } from "node:crypto";
import { insertByUnnest } from "../db/bulk-insert";
import type { BulkColumn } from "../db/bulk-insert";
import { Param, and, asc, desc, eq, ilike, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { alias } from "drizzle-orm/pg-core";
import type { AppDb } from "../db/client";
import {
  deviceEvents,
  deviceSearchText,
  deviceTokens,
  devices,
  saleDrafts,
  saleItems,
  sales,
  users,
} from "../db/schema";
import { saleNumberText } from "../constants/record-numbers";
import { UNASSIGNED } from "../constants/devices";
import type { DeviceRow, NewDeviceRow } from "../db/schema";
import {
  DEVICES_UPLOADED,
  DEVICE_FILE_COLUMNS,
  DeviceFileRowSchema,
  KEY_MASK,
  KEY_REQUIRED,
  MAX_DEVICE_ROWS,
  MAX_REPORTED_ROW_ERRORS,
  SERIAL_NUMBER_TAKEN,
  STARTING_CODE_REQUIRED,
} from "../schemas/devices";
import type {
  DeviceEvent,
  CreateDeviceInput,
  DeviceFileColumn,
  DeviceList,
  DeviceListQuery,
  DeviceRecord,
  DeviceRowError,
  UpdateDeviceInput,
} from "../schemas/devices";
import type { FileKind } from "../schemas/files";
import { pageOf } from "../schemas/list";
import { isGranted } from "../schemas/permissions";
import { describeChanges, recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import type { FileRow, SheetLayout } from "./spreadsheet-rows";
import { readSpreadsheetRows } from "./spreadsheet-thread";
import { ServiceError, forbidden, invalid, invalidField, isUniqueViolation, notFound } from "./errors";
import { findInventoryItemIdsBySku, unknownInventoryItemIds } from "./inventory-links";
import { containsPattern } from "./search";
import { isTaken, otherThan, sameText } from "./uniqueness";

export const DEVICE_NOT_FOUND = "Device not found";
export const INVENTORY_ITEM_NOT_FOUND = "Inventory item not found";
export const UNKNOWN_INVENTORY_SKU = "Unknown inventory SKU";
export const KEY_FILTER_NOT_PERMITTED = "Only roles that manage devices may filter by key";
export const DEVICE_DELETED = "The Record has been deleted successfully";
export const NOTHING_TO_CHANGE = "At least one field must be provided to update";
const ROWS_PER_INSERT = 1_000;

export const DEVICE_SHEET: SheetLayout<DeviceFileColumn["field"]> = {
  columns: DEVICE_FILE_COLUMNS,
  maxRows: MAX_DEVICE_ROWS,
  noRowsMessage: "The file holds no devices",
  tooManyRowsMessage: `A file may hold at most ${MAX_DEVICE_ROWS.toLocaleString("en")} devices`,
};

// The key itself is never read for a list or a page: only its last four characters, for the mask.
const deviceColumns = {
  id: devices.id,
  serialNumber: devices.serialNumber,
  keyTail: sql<string>`case when length(${devices.key}) > 8 then right(${devices.key}, 4) else '' end`,
  hasKey: sql<boolean>`${devices.key} <> ''`,
  startingCode: devices.startingCode,
  count: devices.count,
  timeDivider: devices.timeDivider,
  restrictedDigitMode: devices.restrictedDigitMode,
  hardwareModel: devices.hardwareModel,
  firmwareVersion: devices.firmwareVersion,
  isTokenable: devices.isTokenable,
  inventoryId: devices.inventoryId,
  saleItemId: devices.saleItemId,
  faulty: devices.faulty,
  creatorId: devices.creatorId,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};
type DeviceColumnsRow = Pick<DeviceRow, Exclude<keyof typeof deviceColumns, "keyTail" | "hasKey">> & {
  keyTail: string;
  hasKey: boolean;
};

const digits = (value: number | null) => (value === null ? null : String(value));

function toDeviceRecord({ keyTail, hasKey, count, timeDivider, ...row }: DeviceColumnsRow): DeviceRecord {
  return {
    ...row,
    count: digits(count),
    timeDivider: digits(timeDivider),
    // A unit that makes no tokens may have no key: nothing to mask.
    key: hasKey ? `${KEY_MASK}${keyTail}` : "",
    linked: row.saleItemId !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The units sold on each of these sale items, as the device list shows them. */
export async function devicesOfSaleItems(
  db: AppDb,
  saleItemIds: string[],
): Promise<Map<string, DeviceRecord[]>> {
  const bySaleItem = new Map<string, DeviceRecord[]>();
  if (saleItemIds.length === 0) return bySaleItem;
  const rows = await db
    .select(deviceColumns)
    .from(devices)
    .where(inArray(devices.saleItemId, saleItemIds))
    .orderBy(asc(devices.serialNumber), asc(devices.id));
  for (const row of rows) {
    const record = toDeviceRecord(row);
    const saleItemId = row.saleItemId ?? "";
    bySaleItem.set(saleItemId, [...(bySaleItem.get(saleItemId) ?? []), record]);
  }
  return bySaleItem;
}

// Drivers put the statement's parameters (and PostgreSQL the failing row) in their messages, which the
// error log would otherwise print.
export function withoutSecrets(error: unknown): Error {
  const found: { code?: unknown; constraint?: unknown } = {};
  for (const candidate of [error, error instanceof Error ? error.cause : undefined]) {
    if (typeof candidate === "object" && candidate !== null) {
      if ("code" in candidate && found.code === undefined) found.code = candidate.code;
      if ("constraint" in candidate && found.constraint === undefined)
        found.constraint = candidate.constraint;
    }
  }
  const details = [found.code, found.constraint].filter((value) => typeof value === "string").join(", ");
  return new Error(`Writing devices failed${details ? ` (${details})` : ""}`);
}

function isForeignKeyViolation(error: unknown) {
  const cause = error instanceof Error ? error.cause : undefined;
  return [error, cause].some(
    (candidate) =>
      typeof candidate === "object" &&
      candidate !== null &&
      "code" in candidate &&
      candidate.code === "23503",
  );
}

// The trigram index on the search text narrows the rows; the field's own test drops other fields' matches.
function fieldContains(column: AnyPgColumn, term: string) {
  const pattern = containsPattern(term);
  return and(ilike(deviceSearchText(devices), pattern), ilike(column, pattern));
}

export function soldTo(customerId: string) {
  return sql`${devices.saleItemId} in (select ${saleItems.id} from ${saleItems} join ${sales} on ${sales.id} = ${saleItems.saleId} where ${sales.customerId} = ${customerId})`;
}

function listConditions(query: DeviceListQuery) {
  const conditions: (SQL | undefined)[] = [];
  // The very expression of the trigram index (db/tables/devices.ts), or the index does not apply.
  if (query.search) conditions.push(ilike(deviceSearchText(devices), containsPattern(query.search)));
  if (query.serialNumber) conditions.push(fieldContains(devices.serialNumber, query.serialNumber));
  if (query.startingCode) conditions.push(fieldContains(devices.startingCode, query.startingCode));
  if (query.hardwareModel) conditions.push(fieldContains(devices.hardwareModel, query.hardwareModel));
  if (query.firmwareVersion) conditions.push(fieldContains(devices.firmwareVersion, query.firmwareVersion));
  // A whole key only: a "contains" match on a secret would reveal it a character at a time.
  if (query.key) conditions.push(sql`lower(${devices.key}) = ${query.key.toLowerCase()}`);
  if (query.inventoryId === UNASSIGNED) conditions.push(isNull(devices.inventoryId));
  else if (query.inventoryId) conditions.push(eq(devices.inventoryId, query.inventoryId));
  if (query.customerId) conditions.push(soldTo(query.customerId));
  if (query.linked !== undefined)
    conditions.push(query.linked ? isNotNull(devices.saleItemId) : isNull(devices.saleItemId));
  if (query.isTokenable !== undefined) conditions.push(eq(devices.isTokenable, query.isTokenable));
  return and(...conditions);
}

export function requireMayFilterByKey(actor: Pick<StaffActor, "permissions">, query: DeviceListQuery) {
  if (query.key && !isGranted(actor.permissions, "manage:Devices")) throw forbidden(KEY_FILTER_NOT_PERMITTED);
}

export function deviceCountKey(query: DeviceListQuery) {
  const { page: _page, limit: _limit, ...filters } = query;
  return JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
}

export async function countDevices(db: AppDb, query: DeviceListQuery) {
  return db.$count(devices, listConditions(query));
}

// A short page ends the list, so its total is known without counting; otherwise `countTotal` answers it.
export async function listDevices(
  db: AppDb,
  query: DeviceListQuery,
  countTotal: () => Promise<number>,
): Promise<DeviceList> {
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select(deviceColumns)
    .from(devices)
    .where(listConditions(query))
    .orderBy(desc(devices.createdAt), desc(devices.id))
    .limit(query.limit)
    .offset(offset);
  // An empty page past the first may lie beyond the end: only a count tells how far the list goes.
  const ended = rows.length < query.limit && (rows.length > 0 || offset === 0);
  const total = ended ? offset + rows.length : await countTotal();
  return pageOf("devices", rows.map(toDeviceRecord), total, query);
}

export async function getDevice(db: AppDb, id: string): Promise<DeviceRecord> {
  const [row] = await db.select(deviceColumns).from(devices).where(eq(devices.id, id)).limit(1);
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  return toDeviceRecord(row);
}

const serialTaken = () => invalidField("serialNumber", SERIAL_NUMBER_TAKEN);

export async function createDevice(
  db: AppDb,
  actor: StaffActor,
  input: CreateDeviceInput,
): Promise<DeviceRecord> {
  if (await isTaken(db, devices, sameText(devices.serialNumber, input.serialNumber))) {
    throw serialTaken();
  }
  if (input.inventoryId && (await unknownInventoryItemIds(db, [input.inventoryId])).length > 0) {
    throw invalidField("inventoryId", INVENTORY_ITEM_NOT_FOUND);
  }
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(devices)
        .values({ ...input, key: input.key ?? "", creatorId: actor.userId })
        .returning({ id: devices.id });
      await recordAudit(tx, actor, {
        action: "create",
        subject: "Devices",
        recordId: row.id,
        summary: `Added device ${input.serialNumber}`,
        changes: {
          serialNumber: input.serialNumber,
          hardwareModel: input.hardwareModel ?? null,
          firmwareVersion: input.firmwareVersion ?? null,
          isTokenable: input.isTokenable,
          inventoryId: input.inventoryId ?? null,
        },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      // Another request stored the serial number between the check and the insert.
      if (isUniqueViolation(error)) throw serialTaken();
      if (isForeignKeyViolation(error)) throw invalidField("inventoryId", INVENTORY_ITEM_NOT_FOUND);
      throw withoutSecrets(error);
    });
  return getDevice(db, id);
}

/** What a sold, tokened or swapped device may still change: neither its tokens nor its records depend on these. */
const ALWAYS_EDITABLE = new Set(["hardwareModel", "firmwareVersion"]);

// The row is locked first, so a sale or a token cannot slip in between the check and the change.
async function lockedDevice(tx: AppDb, id: string) {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for("update").limit(1);
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  return row;
}

/** Why a device's tokens or a sale's records depend on it, or null when nothing does. */
async function deviceInUse(tx: AppDb, device: Pick<DeviceRow, "id" | "saleItemId">) {
  if (device.saleItemId) return "is linked to a sale";
  if ((await tx.$count(deviceTokens, eq(deviceTokens.deviceId, device.id))) > 0) return "has tokens";
  if ((await tx.$count(deviceEvents, eq(deviceEvents.deviceId, device.id))) > 0) return "has a sale history";
  return null;
}

function onDraft(tx: AppDb, deviceId: string) {
  return isTaken(
    tx,
    saleDrafts,
    sql`exists (select 1 from jsonb_array_elements(${saleDrafts.document} -> 'items') as item where item -> 'deviceIds' ? ${deviceId})`,
  );
}

const TOKEN_SETTINGS = ["key", "startingCode", "isTokenable"];

/** Edited under the rules a new device follows; one already used only in what its use does not depend on. */
export async function updateDevice(
  db: AppDb,
  actor: StaffActor,
  id: string,
  input: UpdateDeviceInput,
): Promise<DeviceRecord> {
  if (Object.values(input).every((value) => value === undefined)) throw invalid(NOTHING_TO_CHANGE);
  // A unit that makes no tokens has "" for no key. Absent fields are absent from the input, not undefined.
  const { key, ...fields } = input;
  const patch: Partial<NewDeviceRow> = key === undefined ? fields : { ...fields, key: key ?? "" };
  await db
    .transaction(async (tx) => {
      const device = await lockedDevice(tx, id);
      const changes = describeChanges(device, patch);
      const changed = Object.keys(changes);
      if (changed.length === 0) return;
      const locked = changed.filter((field) => !ALWAYS_EDITABLE.has(field));
      const use = locked.length > 0 ? await deviceInUse(tx, device) : null;
      if (use)
        throw invalid(`This device ${use}: only its hardware model and firmware version can be changed`);
      const after = { ...device, ...patch };
      if (changed.some((field) => TOKEN_SETTINGS.includes(field)) && after.isTokenable) {
        if (!after.key) throw invalidField("key", KEY_REQUIRED);
        if (!after.startingCode) throw invalidField("startingCode", STARTING_CODE_REQUIRED);
      }
      const otherWithSerial = and(
        sameText(devices.serialNumber, after.serialNumber),
        otherThan(devices.id, id),
      );
      if (changes.serialNumber && (await isTaken(tx, devices, otherWithSerial))) throw serialTaken();
      if (after.inventoryId && changes.inventoryId) {
        if ((await unknownInventoryItemIds(tx, [after.inventoryId])).length > 0) {
          throw invalidField("inventoryId", INVENTORY_ITEM_NOT_FOUND);
        }
      }
      await tx.update(devices).set(patch).where(eq(devices.id, id));
      // Never the key itself, as at creation.
      if (changes.key) changes.key = { from: KEY_MASK, to: KEY_MASK };
      await recordAudit(tx, actor, {
        action: "update",
        subject: "Devices",
        recordId: id,
        summary: `Updated device ${device.serialNumber} (${changed.join(", ")})`,
        changes,
      });
    })
    .catch((error: unknown) => {
      if (error instanceof ServiceError) throw error;
      // Another request stored the serial number, or removed the item, between the check and the change.
      if (isUniqueViolation(error)) throw serialTaken();
      if (isForeignKeyViolation(error)) throw invalidField("inventoryId", INVENTORY_ITEM_NOT_FOUND);
      throw withoutSecrets(error);
    });
  return getDevice(db, id);
}

/** Only a device nothing depends on goes: never one on a sale, with tokens or a history, or on a draft. */
export async function deleteDevice(db: AppDb, actor: StaffActor, id: string): Promise<{ message: string }> {
  await db
    .transaction(async (tx) => {
      const device = await lockedDevice(tx, id);
      const use =
        (await deviceInUse(tx, device)) ?? ((await onDraft(tx, id)) ? "is chosen on a sale draft" : null);
      if (use) throw invalid(`This device ${use} and cannot be deleted`);
      await tx.delete(devices).where(eq(devices.id, id));
      await recordAudit(tx, actor, {
        action: "delete",
        subject: "Devices",
        recordId: id,
        summary: `Deleted device ${device.serialNumber}`,
        changes: {
          serialNumber: device.serialNumber,
          hardwareModel: device.hardwareModel,
          inventoryId: device.inventoryId,
        },
      });
    })
    .catch((error: unknown) => {
      if (error instanceof ServiceError) throw error;
      // Something that refers to the device came in meanwhile; the database keeps it.
      if (isForeignKeyViolation(error)) throw invalid("This device is in use and cannot be deleted");
      throw withoutSecrets(error);
    });
  return { message: DEVICE_DELETED };
}

/** The key in clear, for a role that manages devices; the audit row says who looked, never the key. */
export async function revealDeviceKey(db: AppDb, actor: StaffActor, id: string): Promise<{ key: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ key: devices.key, serialNumber: devices.serialNumber })
      .from(devices)
      .where(eq(devices.id, id))
      .limit(1);
    if (!row) throw notFound(DEVICE_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: "reveal-key",
      subject: "Devices",
      recordId: id,
      summary: `Revealed the key of device ${row.serialNumber}`,
    });
    return { key: row.key };
  });
}

export type DeviceUploadResult =
  | { ok: true; message: string; count: number }
  | { ok: false; fileError: string }
  | { ok: false; errors: DeviceRowError[]; errorCount: number };

const headerOf = (field: string) =>
  DEVICE_FILE_COLUMNS.find((column) => column.field === field)?.header ?? field;
const COLUMN_ORDER = new Map<string, number>(
  DEVICE_FILE_COLUMNS.map((column, index) => [column.header, index]),
);

function report(errors: DeviceRowError[]): DeviceUploadResult {
  const sorted = errors.sort(
    (a, b) => a.row - b.row || (COLUMN_ORDER.get(a.column) ?? 99) - (COLUMN_ORDER.get(b.column) ?? 99),
  );
  return { ok: false, errors: sorted.slice(0, MAX_REPORTED_ROW_ERRORS), errorCount: errors.length };
}

// Asked in slices, each one array parameter: thousands of separate parameters cost far more to plan.
async function storedSerials(db: AppDb, serials: string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  const lowered = sql<string>`lower(${devices.serialNumber})`;
  for (let start = 0; start < serials.length; start += 5_000) {
    const slice = new Param(serials.slice(start, start + 5_000));
    const rows = await db
      .select({ serial: lowered })
      .from(devices)
      .where(sql`${lowered} = any(${slice}::text[])`);
    for (const row of rows) stored.add(row.serial);
  }
  return stored;
}

const BATCH_COLUMNS = [
  ["id", "text"],
  ["serialNumber", "text"],
  ["key", "text"],
  ["startingCode", "text"],
  ["count", "integer"],
  ["timeDivider", "integer"],
  ["restrictedDigitMode", "boolean"],
  ["isTokenable", "boolean"],
  ["hardwareModel", "text"],
  ["firmwareVersion", "text"],
  ["inventoryId", "text"],
  ["creatorId", "text"],
] as const satisfies readonly (readonly [keyof NewDeviceRow & keyof typeof devices, BulkColumn[1]])[];

// One array per column read back by `unnest`: a handful of parameters per statement, not one per cell.
function insertDeviceRows(tx: AppDb, rows: NewDeviceRow[]) {
  return insertByUnnest(tx, devices, BATCH_COLUMNS, rows);
}

interface ValidRow {
  line: number;
  values: NewDeviceRow;
  sku: string | undefined;
}

async function checkRows(db: AppDb, fileRows: FileRow<DeviceFileColumn["field"]>[]) {
  const errors: DeviceRowError[] = [];
  const valid: ValidRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const fileRow of fileRows) {
    for (const column of fileRow.roundedColumns) {
      errors.push({
        row: fileRow.line,
        column,
        message: "Too long a number for a spreadsheet to keep exactly: format the column as text",
      });
    }
    const parsed = DeviceFileRowSchema.safeParse(fileRow.cells);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ row: fileRow.line, column: headerOf(String(issue.path[0])), message: issue.message });
      }
      continue;
    }
    const { inventory, ...device } = parsed.data;
    const serial = device.serialNumber.toLowerCase();
    const first = firstLineOf.get(serial);
    if (first !== undefined) {
      errors.push({
        row: fileRow.line,
        column: "Serial Number",
        message: `Serial number ${device.serialNumber} appears more than once in the file (first on row ${first})`,
      });
      continue;
    }
    firstLineOf.set(serial, fileRow.line);
    // A unit that makes no tokens may come without a key; the column holds "" for none.
    valid.push({ line: fileRow.line, values: { ...device, key: device.key ?? "" }, sku: inventory });
  }

  const stored = await storedSerials(db, [...firstLineOf.keys()]);
  for (const row of valid) {
    if (stored.has(row.values.serialNumber.toLowerCase())) {
      errors.push({ row: row.line, column: "Serial Number", message: SERIAL_NUMBER_TAKEN });
    }
  }
  const skus = valid.flatMap((row) => (row.sku ? [row.sku] : []));
  const itemIds = await findInventoryItemIdsBySku(db, skus);
  for (const row of valid) {
    if (!row.sku) continue;
    const itemId = itemIds.get(row.sku.toLowerCase());
    if (itemId) row.values.inventoryId = itemId;
    else errors.push({ row: row.line, column: "Inventory", message: UNKNOWN_INVENTORY_SKU });
  }
  return { errors, valid };
}

// Any problem and nothing is stored; otherwise all rows go in one transaction.
export async function uploadDevices(
  db: AppDb,
  actor: StaffActor,
  file: { name: string; kind: FileKind; bytes: Uint8Array },
): Promise<DeviceUploadResult> {
  const read = await readSpreadsheetRows(file.kind === "xlsx" ? "xlsx" : "csv", file.bytes, DEVICE_SHEET);
  if (!read.ok) return "fileError" in read ? read : report(read.errors);

  const { errors, valid } = await checkRows(db, read.rows);
  if (errors.length > 0) return report(errors);

  const creatorId = actor.userId;
  try {
    await db.transaction(async (tx) => {
      for (let start = 0; start < valid.length; start += ROWS_PER_INSERT) {
        const chunk = valid.slice(start, start + ROWS_PER_INSERT);
        await insertDeviceRows(
          tx,
          chunk.map((row) => ({ ...row.values, id: randomUUID(), creatorId })),
        );
      }
      await recordAudit(tx, actor, {
        action: "batch-upload",
        subject: "Devices",
        recordId: null,
        summary: `Uploaded ${valid.length} devices from ${file.name.slice(0, 100)}`,
        changes: {
          count: valid.length,
          file: file.name.slice(0, 200),
          firstSerialNumber: valid[0].values.serialNumber,
          lastSerialNumber: valid[valid.length - 1].values.serialNumber,
        },
      });
    });
  } catch (error) {
    // Another upload stored some of these serial numbers meanwhile: report them like any stored one.
    if (isUniqueViolation(error)) {
      const recheck = await checkRows(db, read.rows);
      if (recheck.errors.length > 0) return report(recheck.errors);
    }
    throw withoutSecrets(error);
  }
  return { ok: true, message: DEVICES_UPLOADED, count: valid.length };
}

export const DEVICE_TEMPLATE_HEADER: DeviceFileColumn["header"][] = DEVICE_FILE_COLUMNS.map(
  (column) => column.header,
);

const eventStaff = alias(users, "event_staff");

/** A device's history after it was sold (swaps, repossession), newest first. */
export async function deviceHistory(db: AppDb, deviceId: string): Promise<DeviceEvent[]> {
  const rows = await db
    .select({
      event: deviceEvents,
      saleNumber: sales.number,
      firstname: eventStaff.firstname,
      lastname: eventStaff.lastname,
    })
    .from(deviceEvents)
    .innerJoin(sales, eq(sales.id, deviceEvents.saleId))
    .leftJoin(eventStaff, eq(eventStaff.id, deviceEvents.staffId))
    .where(eq(deviceEvents.deviceId, deviceId))
    .orderBy(desc(deviceEvents.createdAt), desc(deviceEvents.id));
  return rows.map(({ event, saleNumber, firstname, lastname }) => ({
    id: event.id,
    kind: event.kind,
    summary: event.summary,
    sale: { id: event.saleId, saleNumber: saleNumberText(saleNumber) },
    staff:
      event.staffId && firstname !== null ? { id: event.staffId, name: `${firstname} ${lastname}` } : null,
    createdAt: event.createdAt.toISOString(),
  }));
}
