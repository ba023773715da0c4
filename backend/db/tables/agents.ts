import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { AGENT_STATUSES } from "../../schemas/agents";
import type { AgentStatus } from "../../schemas/agents";
import { ADDRESS_TYPES } from "../../schemas/customers";
import type { AddressType } from "../../schemas/customers";
import { createdAt, id, moment, oneOf, updatedAt } from "../columns";
import { users } from "./staff";

/** The field agents who sell and register customers; they do not sign in to the back office. */
export const agents = pgTable(
  "agents",
  {
    id: id(),
    /** The 8-digit agent number of the reference contract (`agentId`); the id stays the key. */
    number: integer("number")
      .notNull()
      .generatedAlwaysAsIdentity({ startWith: 10_000_001, minValue: 10_000_001, maxValue: 99_999_999 }),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    addressType: text("address_type").$type<AddressType>().notNull().default("HOME"),
    location: text("location").notNull(),
    longitude: doublePrecision("longitude"),
    latitude: doublePrecision("latitude"),
    emailVerified: boolean("email_verified").notNull().default(true),
    status: text("status").$type<AgentStatus>().notNull().default("active"),
    creatorId: text("creator_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: moment("deleted_at"),
  },
  (table) => [
    uniqueIndex("agents_number_unique").on(table.number),
    uniqueIndex("agents_email_live_unique")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null`),
    index("agents_created_at_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    check("agents_status_check", oneOf(table.status, AGENT_STATUSES)),
    check("agents_address_type_check", oneOf(table.addressType, ADDRESS_TYPES)),
  ],
);
export type AgentRow = typeof agents.$inferSelect;
export type NewAgentRow = typeof agents.$inferInsert;
