import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ADDRESS_TYPES, CUSTOMER_STATUSES, CUSTOMER_TYPES } from "../../schemas/customers";
import type { AddressType, CustomerStatus, CustomerType } from "../../schemas/customers";
import { createdAt, id, moment, oneOf, updatedAt } from "../columns";
import { agents } from "./agents";
import { users } from "./staff";

type SearchColumns = Record<"firstname" | "lastname" | "email" | "phone", AnyPgColumn>;

/** One string, so one trigram index serves one ILIKE; queries must use this very expression. */
export function customerSearchText(table: SearchColumns) {
  return sql`${table.firstname} || ' ' || ${table.lastname} || ' | ' || ${table.email} || ' | ' || ${table.phone}`;
}

export const customers = pgTable(
  "customers",
  {
    id: id(),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    email: text("email").notNull(),
    // Stored without whitespace, so "0803 123 4567" and "08031234567" are the same number.
    phone: text("phone").notNull(),
    addressType: text("address_type").$type<AddressType>().notNull().default("HOME"),
    location: text("location").notNull(),
    longitude: doublePrecision("longitude"),
    latitude: doublePrecision("latitude"),
    status: text("status").$type<CustomerStatus>().notNull().default("active"),
    type: text("type").$type<CustomerType>().notNull().default("lead"),
    creatorId: text("creator_id").references(() => users.id),
    agentId: text("agent_id").references(() => agents.id),
    /** The customer asked for no reminders or other messages staff send in bulk (issue 29). */
    messagesOptOut: boolean("messages_opt_out").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: moment("deleted_at"),
  },
  (table) => [
    // "" is no e-mail: any number of customers may have none.
    uniqueIndex("customers_email_live_unique")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null and ${table.email} <> ''`),
    uniqueIndex("customers_phone_live_unique")
      .on(table.phone)
      .where(sql`${table.deletedAt} is null`),
    // The list (all and per status tab) reads newest first and stops after one page. Ascending on
    // purpose: read backwards it is `created_at desc` with nulls first, the order the query asks for.
    index("customers_status_created_at_idx")
      .on(table.status, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index("customers_created_at_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    // Not partial on purpose: PostgreSQL keeps statistics on the expression of a whole-table index only, and
    // without them cannot tell a common term from a rare one (docs/decisions/007).
    index("customers_search_trgm_idx").using("gin", sql`(${customerSearchText(table)}) gin_trgm_ops`),
    index("customers_agent_id_idx")
      .on(table.agentId)
      .where(sql`${table.deletedAt} is null`),
    check("customers_status_check", oneOf(table.status, CUSTOMER_STATUSES)),
    check("customers_type_check", oneOf(table.type, CUSTOMER_TYPES)),
    check("customers_address_type_check", oneOf(table.addressType, ADDRESS_TYPES)),
  ],
);
export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
