import { and, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { permissions, rolePermissions, roles } from "../db/schema";
import type { PermissionName } from "../schemas/permissions";
import { ALL_PERMISSIONS } from "../schemas/permissions";

/** The seeded designations, one per real job. Only created when missing; later edits are never undone. */
export const ROLE_CATALOGUE: Record<string, PermissionName[]> = {
  admin: ["manage:all"],
  sales: [
    "manage:Sales",
    "manage:Customers",
    "read:Products",
    "read:Inventory",
    "read:Warehouses",
    "read:Devices",
    "manage:Agents",
  ],
  inventory: ["manage:Inventory", "manage:Warehouses", "manage:Products", "manage:Devices", "read:Sales"],
  // Answers customers: what was sent to them, and sends again what failed.
  support: [
    "manage:Tickets",
    "read:Customers",
    "read:Sales",
    "read:Devices",
    "read:Messages",
    "write:Messages",
  ],
  // Reads the loan book and what is behind its figures.
  manager: [
    "read:Portfolio",
    "read:Collections",
    "read:Sales",
    "read:Customers",
    "read:Agents",
    "read:Products",
    "read:Devices",
    "read:Messages",
  ],
  // Works the list of late accounts: assigns them, logs calls and visits, records promises to pay.
  collector: [
    "read:Collections",
    "write:Collections",
    "read:Sales",
    "read:Customers",
    "read:Agents",
    "read:Devices",
    "read:Messages",
    "write:Messages",
  ],
  viewer: [
    "read:Sales",
    "read:Customers",
    "read:Agents",
    "read:Products",
    "read:Inventory",
    "read:Warehouses",
    "read:Devices",
    "read:Tickets",
  ],
};

/** Safe to run at every start. */
export async function ensureRolesAndPermissions(db: AppDb): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.insert(permissions).values(ALL_PERMISSIONS).onConflictDoNothing();
    const permissionRows = await tx.select().from(permissions);
    const permissionId = new Map(permissionRows.map((row) => [`${row.action}:${row.subject}`, row.id]));
    const existing = await tx
      .select({ name: roles.name })
      .from(roles)
      .where(and(inArray(sql`lower(${roles.name})`, Object.keys(ROLE_CATALOGUE)), isNull(roles.deletedAt)));
    const existingNames = new Set(existing.map((row) => row.name.toLowerCase()));
    const created: string[] = [];
    for (const [name, granted] of Object.entries(ROLE_CATALOGUE)) {
      if (existingNames.has(name)) continue;
      const [role] = await tx.insert(roles).values({ name }).returning({ id: roles.id });
      await tx.insert(rolePermissions).values(
        granted.map((permission) => {
          const id = permissionId.get(permission);
          if (!id) throw new Error(`Role ${name} refers to unknown permission ${permission}`);
          return { roleId: role.id, permissionId: id };
        }),
      );
      created.push(name);
    }
    return created;
  });
}

export async function roleIdsByName(db: AppDb) {
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(isNull(roles.deletedAt));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}
