import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { DEVICE_EVENT_KINDS } from "../../constants/devices";
import type { DeviceEventKind } from "../../constants/devices";
import { createdAt, id, oneOf, updatedAt } from "../columns";
import { inventoryItems } from "./inventory";
import { saleItems, sales } from "./sales";
import { users } from "./staff";

type SearchColumns = Record<
  "serialNumber" | "startingCode" | "hardwareModel" | "firmwareVersion",
  AnyPgColumn
>;

// One string, so one trigram index serves one ILIKE (queries must use this very expression). Never the key:
// a "contains" search on a secret would let anyone who may list devices guess it a character at a time.
export function deviceSearchText(table: SearchColumns) {
  return sql`${table.serialNumber} || ' | ' || coalesce(${table.startingCode}, '') || ' | ' || coalesce(${table.hardwareModel}, '') || ' | ' || coalesce(${table.firmwareVersion}, '')`;
}

export const devices = pgTable(
  "devices",
  {
    id: id(),
    serialNumber: text("serial_number").notNull(),
    // A secret (the OpenPAYGO key tokens are made with): never listed, logged or audited in clear.
    key: text("key").notNull(),
    startingCode: text("starting_code"),
    count: integer("count"),
    timeDivider: integer("time_divider"),
    restrictedDigitMode: boolean("restricted_digit_mode").notNull().default(false),
    hardwareModel: text("hardware_model"),
    firmwareVersion: text("firmware_version"),
    isTokenable: boolean("is_tokenable").notNull().default(true),
    inventoryId: text("inventory_id").references(() => inventoryItems.id),
    // Set while the device is linked to a sale item; a device is never linked to two (the update that
    // links it requires the column to be empty).
    saleItemId: text("sale_item_id").references((): AnyPgColumn => saleItems.id),
    /** Swapped out as faulty: never offered to a sale or a swap again. */
    faulty: boolean("faulty").notNull().default(false),
    creatorId: text("creator_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // "SN-001" and "sn-001" are one device.
    uniqueIndex("devices_serial_number_unique").on(sql`lower(${table.serialNumber})`),
    // Newest first, the list's order; ascending on purpose (read backwards, see customers).
    index("devices_created_at_idx").on(table.createdAt, table.id),
    index("devices_inventory_id_idx").on(table.inventoryId),
    index("devices_sale_item_id_idx").on(table.saleItemId),
    index("devices_search_trgm_idx").using("gin", sql`(${deviceSearchText(table)}) gin_trgm_ops`),
  ],
);
export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;

/** What happened to a device on a sale after it was sold (issue 27 §2): swaps and repossessions. */
export const deviceEvents = pgTable(
  "device_events",
  {
    id: id(),
    deviceId: text("device_id")
      .notNull()
      .references(() => devices.id),
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id),
    kind: text("kind").$type<DeviceEventKind>().notNull(),
    summary: text("summary").notNull(),
    staffId: text("staff_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index("device_events_device_idx").on(table.deviceId, table.createdAt),
    check("device_events_kind_check", oneOf(table.kind, DEVICE_EVENT_KINDS)),
  ],
);
export type DeviceEventRow = typeof deviceEvents.$inferSelect;
