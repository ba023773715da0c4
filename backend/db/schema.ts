import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Action, Subject } from "../schemas/records";

// Ids are opaque text (UUIDs made in code), so a malformed id in a URL is simply "not found", never a cast error.
const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => randomUUID());
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => moment("created_at").notNull().defaultNow();
const updatedAt = () =>
  moment("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const USER_STATUSES = ["active", "inactive", "barred"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const CUSTOMER_STATUSES = ["active", "inactive", "barred"] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const CUSTOMER_TYPES = ["lead", "purchase"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const ADDRESS_TYPES = ["HOME", "WORK"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const PASSWORD_TOKEN_KINDS = ["reset", "invite"] as const;
export type PasswordTokenKind = (typeof PASSWORD_TOKEN_KINDS)[number];

type SearchColumns = Record<"firstname" | "lastname" | "email" | "phone", AnyPgColumn>;

/**
 * What the customer search looks in: names, e-mail and phone as one string, so one trigram index serves
 * one ILIKE (and "ada obi" finds Ada Obi). The query must use this very expression for the index to apply.
 */
export function customerSearchText(table: SearchColumns) {
  return sql`${table.firstname} || ' ' || ${table.lastname} || ' | ' || ${table.email} || ' | ' || ${table.phone}`;
}

export const roles = pgTable(
  "roles",
  {
    id: id(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: moment("deleted_at"),
  },
  (table) => [
    uniqueIndex("roles_name_live_unique")
      .on(sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} is null`),
  ],
);
export type RoleRow = typeof roles.$inferSelect;
export type NewRoleRow = typeof roles.$inferInsert;

export const permissions = pgTable(
  "permissions",
  {
    id: id(),
    action: text("action").$type<Action>().notNull(),
    subject: text("subject").$type<Subject>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("permissions_action_subject_unique").on(table.action, table.subject)],
);
export type PermissionRow = typeof permissions.$inferSelect;
export type NewPermissionRow = typeof permissions.$inferInsert;

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: text("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionId: text("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permissionId] })],
);
export type RolePermissionRow = typeof rolePermissions.$inferSelect;

export const users = pgTable(
  "users",
  {
    id: id(),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    username: text("username"),
    email: text("email").notNull(),
    phone: text("phone"),
    location: text("location"),
    staffId: text("staff_id"),
    status: text("status").$type<UserStatus>().notNull().default("inactive"),
    isBlocked: boolean("is_blocked").notNull().default(false),
    // Null until the invited person sets a password through their link.
    passwordHash: text("password_hash"),
    roleId: text("role_id")
      .notNull()
      .references(() => roles.id),
    lastLogin: moment("last_login"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: moment("deleted_at"),
  },
  (table) => [
    // Soft-deleted staff keep their row for history, so their address may be given to someone new.
    uniqueIndex("users_email_live_unique")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null`),
    index("users_created_at_idx").on(table.createdAt),
    index("users_role_id_idx").on(table.roleId),
    check("users_status_check", sql`${table.status} in ('active', 'inactive', 'barred')`),
  ],
);
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    expiresAt: moment("expires_at").notNull(),
    revokedAt: moment("revoked_at"),
    createdAt: createdAt(),
    lastUsedAt: moment("last_used_at"),
  },
  (table) => [
    uniqueIndex("auth_tokens_token_hash_unique").on(table.tokenHash),
    index("auth_tokens_user_id_idx").on(table.userId),
  ],
);
export type AuthTokenRow = typeof authTokens.$inferSelect;
export type NewAuthTokenRow = typeof authTokens.$inferInsert;

export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: id(),
    kind: text("kind").$type<PasswordTokenKind>().notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    expiresAt: moment("expires_at").notNull(),
    usedAt: moment("used_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("password_tokens_token_hash_unique").on(table.tokenHash),
    index("password_tokens_user_id_idx").on(table.userId),
    check("password_tokens_kind_check", sql`${table.kind} in ('reset', 'invite')`),
  ],
);
export type PasswordTokenRow = typeof passwordTokens.$inferSelect;
export type NewPasswordTokenRow = typeof passwordTokens.$inferInsert;

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id),
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    recordId: text("record_id"),
    summary: text("summary").notNull(),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    ip: text("ip"),
    // clock_timestamp, not now(): several rows written in one transaction still keep their order.
    createdAt: moment("created_at")
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index("audit_log_created_at_idx").on(table.createdAt),
    index("audit_log_record_idx").on(table.subject, table.recordId),
    // A staff member's Activity History: their own changes, newest first.
    index("audit_log_actor_idx").on(table.actorId, table.createdAt),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: moment("deleted_at"),
  },
  (table) => [
    uniqueIndex("customers_email_live_unique")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null`),
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
    // Trigram index behind the list's case-insensitive "contains" search (docs/decisions/007). Not partial
    // on purpose: PostgreSQL keeps statistics on the expression of a whole-table index only, and without
    // them it cannot tell a common term (walk the newest-first index) from a rare one (use this index).
    index("customers_search_trgm_idx").using("gin", sql`(${customerSearchText(table)}) gin_trgm_ops`),
    check("customers_status_check", sql`${table.status} in ('active', 'inactive', 'barred')`),
    check("customers_type_check", sql`${table.type} in ('lead', 'purchase')`),
    check("customers_address_type_check", sql`${table.addressType} in ('HOME', 'WORK')`),
  ],
);
export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
