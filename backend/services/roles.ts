import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { permissions, rolePermissions, roles, users } from "../db/schema";
import type { RoleRow } from "../db/schema";
import type {
  CreatePermissionInput,
  CreateRoleInput,
  RoleWithCount,
  UpdateRoleInput,
} from "../schemas/roles";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { invalid, invalidField, isUniqueViolation, notFound } from "./errors";
import { FULL_ACCESS, SUBJECTS, comparePermissions, permissionName } from "../schemas/permissions";
import type { Subject } from "../schemas/permissions";
import { loadRoleRecords } from "./records";
import {
  isAdministrator,
  requireAnotherActiveAdministrator,
  requireHoldsAll,
  requireMayChangeStaff,
  storedRolePermissionNames,
} from "./staff-protection";
import { isTaken, otherThan, sameText } from "./uniqueness";
import { USER_NOT_FOUND } from "./users";

export const ROLE_NOT_FOUND = "Role not found";
export const ROLE_NAME_TAKEN = "A role with this name already exists";
export const UNKNOWN_PERMISSION = "Unknown permission";
export const ADMIN_ROLE_LOCKED = "The admin role cannot be changed";
export const ADMIN_ROLE_UNDELETABLE = "The admin role cannot be deleted";
export const PERMISSION_NOT_FOUND = "Permission not found";
export const PERMISSION_EXISTS = "Permission with the same action and subject already exists.";
export const FULL_ACCESS_UNDELETABLE =
  "The manage:all permission gives the admin role its full access and cannot be deleted";

/** The seeded role that always keeps manage:all, so the business can never lock itself out. */
const ADMIN_ROLE = "admin";

const isLiveRole = isNull(roles.deletedAt);
const isAdminRole = (role: Pick<RoleRow, "name">) => role.name.toLowerCase() === ADMIN_ROLE;

export async function listPermissions(db: AppDb) {
  const rows = await db
    .select({ id: permissions.id, action: permissions.action, subject: permissions.subject })
    .from(permissions);
  return rows.sort(comparePermissions);
}

async function userCounts(db: AppDb, roleIds: string[]) {
  if (roleIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ roleId: users.roleId, total: count() })
    .from(users)
    .where(and(inArray(users.roleId, roleIds), isNull(users.deletedAt)))
    .groupBy(users.roleId);
  return new Map(rows.map((row) => [row.roleId, row.total]));
}

async function toRoleRecords(db: AppDb, rows: RoleRow[]): Promise<RoleWithCount[]> {
  const ids = rows.map((row) => row.id);
  const [records, counts] = await Promise.all([loadRoleRecords(db, rows), userCounts(db, ids)]);
  return rows.flatMap((row) => {
    const record = records.get(row.id);
    return record ? [{ ...record, _count: { users: counts.get(row.id) ?? 0 } }] : [];
  });
}

export async function listRoles(db: AppDb): Promise<RoleWithCount[]> {
  const rows = await db.select().from(roles).where(isLiveRole).orderBy(asc(roles.name));
  return toRoleRecords(db, rows);
}

async function findLiveRole(db: AppDb, id: string) {
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), isLiveRole))
    .limit(1);
  return role ?? null;
}

export async function getRole(db: AppDb, id: string): Promise<RoleWithCount> {
  const role = await findLiveRole(db, id);
  if (!role) throw notFound(ROLE_NOT_FOUND);
  const [record] = await toRoleRecords(db, [role]);
  return record;
}

/** The role with the live staff who hold it, for `GET /roles/more_details/:id`. */
export async function getRoleDetails(db: AppDb, id: string) {
  const role = await getRole(db, id);
  const members = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      status: users.status,
    })
    .from(users)
    .where(and(eq(users.roleId, id), isNull(users.deletedAt)))
    .orderBy(asc(users.firstname), asc(users.lastname));
  return { ...role, users: members };
}

function nameTaken(db: AppDb, name: string, exceptRoleId?: string) {
  return isTaken(db, roles, and(sameText(roles.name, name), isLiveRole, otherThan(roles.id, exceptRoleId)));
}

async function findPermissions(db: AppDb, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: permissions.id, action: permissions.action, subject: permissions.subject })
    .from(permissions)
    .where(inArray(permissions.id, unique));
  if (found.length !== unique.length) throw invalidField("permissionIds", UNKNOWN_PERMISSION);
  return found.sort(comparePermissions);
}

const nameTakenAnswer = (error: unknown) => {
  throw isUniqueViolation(error) ? invalidField("role", ROLE_NAME_TAKEN) : error;
};

export async function createRole(db: AppDb, actor: StaffActor, input: CreateRoleInput) {
  if (await nameTaken(db, input.role)) throw invalidField("role", ROLE_NAME_TAKEN);
  const granted = await findPermissions(db, input.permissionIds);
  requireHoldsAll(actor, granted.map(permissionName));

  const id = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({ name: input.role, active: input.active })
        .returning({ id: roles.id });
      if (granted.length) {
        await tx
          .insert(rolePermissions)
          .values(granted.map((permission) => ({ roleId: created.id, permissionId: permission.id })));
      }
      await recordAudit(tx, actor, {
        action: "create",
        subject: "Roles",
        recordId: created.id,
        summary: `Created the role ${input.role} with ${granted.length} permission${granted.length === 1 ? "" : "s"}`,
        changes: { role: input.role, active: input.active, permissions: granted.map(permissionName) },
      });
      return created.id;
    })
    .catch(nameTakenAnswer);
  return getRole(db, id);
}

export async function updateRole(db: AppDb, actor: StaffActor, id: string, input: UpdateRoleInput) {
  if (Object.values(input).every((value) => value === undefined)) {
    throw invalid("At least one field must be provided to update");
  }
  const role = await findLiveRole(db, id);
  if (!role) throw notFound(ROLE_NOT_FOUND);
  const beforeNames = ((await loadRoleRecords(db, [role])).get(id)?.permissions ?? []).map(permissionName);
  const granted = input.permissionIds ? await findPermissions(db, input.permissionIds) : undefined;

  const losesFullAccess =
    granted !== undefined && !granted.some((permission) => permissionName(permission) === FULL_ACCESS);
  if (isAdminRole(role)) {
    const renamed = input.role !== undefined && input.role !== role.name;
    const deactivated = input.active === false;
    if (renamed || deactivated || losesFullAccess) throw invalid(ADMIN_ROLE_LOCKED);
  }
  // A role that makes its holders administrators is an administrator matter; the permissions it gains
  // are grants like any other.
  const grantsFullAccess = beforeNames.includes(FULL_ACCESS);
  if (grantsFullAccess) requireMayChangeStaff(actor, [FULL_ACCESS]);
  const afterNames = granted ? granted.map(permissionName) : beforeNames;
  // Switching a role on grants all it holds to everyone who has it, so every permission counts then.
  const activates = input.active === true && !role.active;
  requireHoldsAll(actor, activates ? afterNames : afterNames.filter((name) => !beforeNames.includes(name)));
  const demotesHolders = grantsFullAccess && role.active && (input.active === false || losesFullAccess);
  if (input.role !== undefined && (await nameTaken(db, input.role, id))) {
    throw invalidField("role", ROLE_NAME_TAKEN);
  }

  const changes: Record<string, unknown> = {};
  if (input.role !== undefined && input.role !== role.name)
    changes.role = { from: role.name, to: input.role };
  if (input.active !== undefined && input.active !== role.active) {
    changes.active = { from: role.active, to: input.active };
  }
  if (granted) {
    const added = afterNames.filter((name) => !beforeNames.includes(name));
    const removed = beforeNames.filter((name) => !afterNames.includes(name));
    if (added.length || removed.length) changes.permissions = { added, removed };
  }

  if (Object.keys(changes).length > 0) {
    await db
      .transaction(async (tx) => {
        if (demotesHolders) await requireAnotherActiveAdministrator(tx, "demote", { exceptRoleId: id });
        if (changes.role || changes.active) {
          await tx.update(roles).set({ name: input.role, active: input.active }).where(eq(roles.id, id));
        } else {
          // The permission set alone changed: the role row still shows when it was last edited.
          await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, id));
        }
        if (granted && changes.permissions) {
          await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
          if (granted.length) {
            await tx
              .insert(rolePermissions)
              .values(granted.map((permission) => ({ roleId: id, permissionId: permission.id })));
          }
        }
        await recordAudit(tx, actor, {
          action: "update",
          subject: "Roles",
          recordId: id,
          summary: `Updated the role ${role.name} (${Object.keys(changes).join(", ")})`,
          changes,
        });
      })
      .catch(nameTakenAnswer);
  }
  return getRole(db, id);
}

/** Refused while any staff member still holds the role. */
export async function deleteRole(db: AppDb, actor: StaffActor, id: string) {
  const role = await findLiveRole(db, id);
  if (!role) throw notFound(ROLE_NOT_FOUND);
  if (isAdminRole(role)) throw invalid(ADMIN_ROLE_UNDELETABLE);
  requireMayChangeStaff(actor, await storedRolePermissionNames(db, id));
  await db.transaction(async (tx) => {
    const holders = (await userCounts(tx, [id])).get(id) ?? 0;
    if (holders > 0) throw invalid(`This role is still assigned to ${holders} staff`);
    await tx.update(roles).set({ deletedAt: new Date() }).where(eq(roles.id, id));
    await recordAudit(tx, actor, {
      action: "delete",
      subject: "Roles",
      recordId: id,
      summary: `Deleted the role ${role.name}`,
    });
  });
}

export async function assignRole(db: AppDb, actor: StaffActor, userId: string, roleId: string) {
  // Changing one's own designation could remove the very permission needed to undo it.
  if (userId === actor.userId) throw invalid("You cannot change your own designation");
  const [role] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.id, roleId), isNull(roles.deletedAt)))
    .limit(1);
  if (!role) throw notFound(ROLE_NOT_FOUND);
  const [user] = await db
    .select({
      firstname: users.firstname,
      lastname: users.lastname,
      roleId: users.roleId,
      roleName: roles.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);
  const [currentPermissions, newPermissions] = await Promise.all([
    storedRolePermissionNames(db, user.roleId),
    storedRolePermissionNames(db, role.id),
  ]);
  requireMayChangeStaff(actor, currentPermissions);
  requireHoldsAll(actor, newPermissions);
  const demoted = isAdministrator(currentPermissions) && !isAdministrator(newPermissions);

  await db.transaction(async (tx) => {
    if (demoted) await requireAnotherActiveAdministrator(tx, "demote", { exceptUserId: userId });
    await tx.update(users).set({ roleId: role.id }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: "assign-role",
      subject: "Users",
      recordId: userId,
      summary: `Changed the designation of ${user.firstname} ${user.lastname} from ${user.roleName} to ${role.name}`,
      changes: { roleId: { from: user.roleId, to: role.id } },
    });
  });
}

// The existing backend hides these from the subjects a role editor offers: full access and staff
// administration are given out by administrators alone.
const HIDDEN_SUBJECTS: readonly Subject[] = ["all", "Users", "Roles"];

export function permissionSubjects() {
  return { subjects: SUBJECTS.filter((subject) => !HIDDEN_SUBJECTS.includes(subject)) };
}

/**
 * The catalogue is every action × subject the guard knows (seeded at each start), so creating one only
 * brings back a deleted pair; a pair that exists is refused.
 */
export async function createPermission(db: AppDb, actor: StaffActor, input: CreatePermissionInput) {
  const name = permissionName(input);
  const [existing] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.action, input.action), eq(permissions.subject, input.subject)))
    .limit(1);
  if (existing) throw invalid(PERMISSION_EXISTS);
  return db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(permissions)
        .values(input)
        .returning({ id: permissions.id, action: permissions.action, subject: permissions.subject });
      await recordAudit(tx, actor, {
        action: "create",
        subject: "Roles",
        recordId: created.id,
        summary: `Created the permission ${name}`,
        changes: { permission: name },
      });
      return created;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? invalid(PERMISSION_EXISTS) : error;
    });
}

/**
 * Withdrawn from every role that holds it, in the same transaction, so no role points at nothing. Never
 * manage:all (the admin role's full access); a role with full access is an administrator matter
 * (decision 011). The next start puts the pair back in the catalogue, held by no role.
 */
export async function deletePermission(db: AppDb, actor: StaffActor, id: string) {
  const [permission] = await db
    .select({ id: permissions.id, action: permissions.action, subject: permissions.subject })
    .from(permissions)
    .where(eq(permissions.id, id))
    .limit(1);
  if (!permission) throw notFound(PERMISSION_NOT_FOUND);
  const name = permissionName(permission);
  if (name === FULL_ACCESS) throw invalid(FULL_ACCESS_UNDELETABLE);

  await db.transaction(async (tx) => {
    const holders = await tx
      .select({ id: roles.id, name: roles.name })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(and(eq(rolePermissions.permissionId, id), isNull(roles.deletedAt)))
      .orderBy(asc(roles.name));
    for (const holder of holders) {
      requireMayChangeStaff(actor, await storedRolePermissionNames(tx, holder.id));
    }
    await tx.delete(permissions).where(eq(permissions.id, id));
    await recordAudit(tx, actor, {
      action: "delete",
      subject: "Roles",
      recordId: id,
      summary:
        `Deleted the permission ${name}` +
        (holders.length ? `, withdrawn from ${holders.map((holder) => holder.name).join(", ")}` : ""),
      changes: { permission: name, roles: holders.map((holder) => holder.name) },
    });
  });
}
