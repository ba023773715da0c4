import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { permissions, rolePermissions, roles, users } from "../db/schema";
import type { RoleRow, UserRow } from "../db/schema";
import type { RoleRecord } from "../schemas/roles";
import type { UserRecord } from "../schemas/users";

/** Every user column a response may show; the password hash is deliberately absent. */
export const userRecordColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  username: users.username,
  email: users.email,
  phone: users.phone,
  location: users.location,
  staffId: users.staffId,
  status: users.status,
  isBlocked: users.isBlocked,
  lastLogin: users.lastLogin,
  roleId: users.roleId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  deletedAt: users.deletedAt,
};

type UserRecordRow = Pick<UserRow, keyof typeof userRecordColumns>;

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export async function loadRoleRecords(db: AppDb, roleRows: RoleRow[]): Promise<Map<string, RoleRecord>> {
  const records = new Map<string, RoleRecord>();
  if (roleRows.length === 0) return records;
  const grants = await db
    .select({
      roleId: rolePermissions.roleId,
      id: permissions.id,
      action: permissions.action,
      subject: permissions.subject,
    })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(
      inArray(
        rolePermissions.roleId,
        roleRows.map((role) => role.id),
      ),
    )
    .orderBy(asc(permissions.subject), asc(permissions.action));
  for (const role of roleRows) {
    const granted = grants
      .filter((grant) => grant.roleId === role.id)
      .map(({ id, action, subject }) => ({ id, action, subject }));
    records.set(role.id, {
      id: role.id,
      role: role.name,
      active: role.active,
      permissionIds: granted.map((permission) => permission.id),
      permissions: granted,
      created_at: iso(role.createdAt),
      updated_at: iso(role.updatedAt),
      deleted_at: isoOrNull(role.deletedAt),
    });
  }
  return records;
}

export async function toUserRecords(db: AppDb, rows: UserRecordRow[]): Promise<UserRecord[]> {
  const roleIds = [...new Set(rows.map((row) => row.roleId))];
  const roleRows = roleIds.length ? await db.select().from(roles).where(inArray(roles.id, roleIds)) : [];
  const roleRecords = await loadRoleRecords(db, roleRows);
  return rows.map((row) => {
    const role = roleRecords.get(row.roleId);
    // The foreign key makes this impossible; failing loudly beats answering a record the app cannot parse.
    if (!role) throw new Error(`User ${row.id} refers to missing role ${row.roleId}`);
    return {
      ...row,
      lastLogin: isoOrNull(row.lastLogin),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      deletedAt: isoOrNull(row.deletedAt),
      role,
    };
  });
}

export async function findLiveUserRecord(db: AppDb, userId: string): Promise<UserRecord | null> {
  const rows = await db
    .select(userRecordColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  const [record] = await toUserRecords(db, rows);
  return record ?? null;
}
