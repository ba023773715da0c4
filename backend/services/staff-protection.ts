import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { permissions, rolePermissions, roles, users } from "../db/schema";
import { FULL_ACCESS, isGranted } from "../schemas/permissions";
import type { PermissionName } from "../schemas/permissions";
import type { StaffActor } from "./audit";
import { forbidden, invalid } from "./errors";

// A role that may write staff or roles must not become a way to take over the business (decision 011):
// only an administrator changes an administrator, and nobody grants what they do not hold.

export const ONLY_ADMIN_CHANGES_ADMIN = "Only an administrator can change an administrator's account";
export const CANNOT_GRANT_UNHELD = "You cannot grant permissions you do not hold";
export const CANNOT_CHANGE_EMAIL_OF_MORE_PRIVILEGED =
  "You cannot change the email of a staff member who has permissions you do not hold";
export const LAST_ADMIN = {
  block: "The last active administrator cannot be blocked",
  delete: "The last active administrator cannot be deleted",
  demote: "The last active administrator cannot lose administrator access",
} as const;

export const isAdministrator = (granted: readonly string[]) => granted.includes(FULL_ACCESS);

/** Nothing when the role is inactive or deleted, as the guard reads it. */
export async function rolePermissionNames(db: AppDb, roleId: string): Promise<PermissionName[]> {
  const rows = await db
    .select({ name: sql<PermissionName>`${permissions.action} || ':' || ${permissions.subject}` })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(eq(rolePermissions.roleId, roleId), eq(roles.active, true), isNull(roles.deletedAt)));
  return rows.map((row) => row.name);
}

// An inactive role grants nothing today, but switching it on grants all of it at once.
export async function storedRolePermissionNames(db: AppDb, roleId: string): Promise<PermissionName[]> {
  const rows = await db
    .select({ name: sql<PermissionName>`${permissions.action} || ':' || ${permissions.subject}` })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(eq(rolePermissions.roleId, roleId), isNull(roles.deletedAt)));
  return rows.map((row) => row.name);
}

export function requireMayChangeStaff(actor: StaffActor, targetPermissions: readonly string[]) {
  if (isAdministrator(targetPermissions) && !isAdministrator(actor.permissions)) {
    throw forbidden(ONLY_ADMIN_CHANGES_ADMIN);
  }
}

// Whoever controls an account's e-mail controls its password (the reset link goes there).
export function requireMayChangeEmailOf(actor: StaffActor, targetPermissions: readonly string[]) {
  requireMayChangeStaff(actor, targetPermissions);
  if (!targetPermissions.every((name) => isGranted(actor.permissions, name as PermissionName))) {
    throw forbidden(CANNOT_CHANGE_EMAIL_OF_MORE_PRIVILEGED);
  }
}

/** Giving a role, or a role's permissions, is granting them: only what the actor holds may be given. */
export function requireHoldsAll(actor: StaffActor, granted: readonly string[]) {
  if (!granted.every((name) => isGranted(actor.permissions, name as PermissionName))) {
    throw forbidden(CANNOT_GRANT_UNHELD);
  }
}

// So two administrators blocking each other at the same moment cannot both succeed.
export async function lockAdministratorChanges(tx: AppDb) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('administrator-changes'))`);
}

export async function countActiveAdministrators(
  tx: AppDb,
  options: { exceptUserId?: string; exceptRoleId?: string } = {},
): Promise<number> {
  const conditions: (SQL | undefined)[] = [
    isNull(users.deletedAt),
    eq(users.isBlocked, false),
    eq(users.status, "active"),
    options.exceptUserId ? ne(users.id, options.exceptUserId) : undefined,
    options.exceptRoleId ? ne(users.roleId, options.exceptRoleId) : undefined,
    sql`exists (
      select 1 from ${rolePermissions}
      inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
      inner join ${roles} on ${roles.id} = ${rolePermissions.roleId}
      where ${rolePermissions.roleId} = ${users.roleId}
        and ${roles.active} and ${roles.deletedAt} is null
        and ${permissions.action} = 'manage' and ${permissions.subject} = 'all'
    )`,
  ];
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(and(...conditions));
  return total;
}

/** Call inside the change's transaction. */
export async function requireAnotherActiveAdministrator(
  tx: AppDb,
  reason: keyof typeof LAST_ADMIN,
  options: { exceptUserId?: string; exceptRoleId?: string },
) {
  await lockAdministratorChanges(tx);
  if ((await countActiveAdministrators(tx, options)) === 0) throw invalid(LAST_ADMIN[reason]);
}
