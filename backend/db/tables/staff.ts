import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { Action, Subject } from "../../schemas/permissions";
import { USER_STATUSES } from "../../schemas/users";
import type { UserStatus } from "../../schemas/users";
import { createdAt, id, moment, oneOf, updatedAt } from "../columns";

export const PASSWORD_TOKEN_KINDS = ["reset", "invite"] as const;
export type PasswordTokenKind = (typeof PASSWORD_TOKEN_KINDS)[number];

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
    activitySeenAt: moment("activity_seen_at"),
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
    check("users_status_check", oneOf(table.status, USER_STATUSES)),
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
    check("password_tokens_kind_check", oneOf(table.kind, PASSWORD_TOKEN_KINDS)),
  ],
);
export type PasswordTokenRow = typeof passwordTokens.$inferSelect;
export type NewPasswordTokenRow = typeof passwordTokens.$inferInsert;
