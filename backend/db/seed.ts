import { and, count, inArray, isNull, sql } from "drizzle-orm";
import type { BackendConfig } from "../config";
import type { PermissionName } from "../services/permissions";
import { ALL_PERMISSIONS } from "../services/permissions";
import { hashPassword } from "../services/passwords";
import type { AppDb } from "./client";
import { permissions, rolePermissions, roles, users } from "./schema";
import type { NewUserRow, UserStatus } from "./schema";

/** The seeded designations, one per real job. Only created when missing; later edits are never undone. */
export const ROLE_CATALOGUE: Record<string, PermissionName[]> = {
  admin: ["manage:all"],
  sales: [
    "manage:Sales",
    "manage:Customers",
    "read:Products",
    "read:Inventory",
    "read:Devices",
    "read:Agents",
  ],
  inventory: ["manage:Inventory", "manage:Warehouses", "manage:Products", "manage:Devices", "read:Sales"],
  support: ["manage:Tickets", "read:Customers", "read:Sales", "read:Devices"],
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

export const DEMO_PASSWORD = "Admin1234";

interface DemoStaff {
  firstname: string;
  lastname: string;
  email?: string;
  phone: string;
  location: string;
  role: keyof typeof ROLE_CATALOGUE;
  status?: UserStatus;
  isBlocked?: boolean;
}

const DEMO_STAFF: DemoStaff[] = [
  {
    firstname: "Demo",
    lastname: "Admin",
    email: "admin@example.com",
    phone: "08030000001",
    location: "Lagos",
    role: "admin",
  },
  {
    firstname: "Sade",
    lastname: "Adeyemi",
    email: "sales@example.com",
    phone: "08030000002",
    location: "Ikeja",
    role: "sales",
  },
  {
    firstname: "Victor",
    lastname: "Okon",
    email: "viewer@example.com",
    phone: "08030000003",
    location: "Uyo",
    role: "viewer",
  },
  { firstname: "Chiamaka", lastname: "Okafor", phone: "08031234501", location: "Enugu", role: "sales" },
  { firstname: "Tunde", lastname: "Bakare", phone: "08031234502", location: "Ibadan", role: "inventory" },
  { firstname: "Aisha", lastname: "Bello", phone: "08031234503", location: "Kano", role: "support" },
  {
    firstname: "Emeka",
    lastname: "Nwosu",
    phone: "08031234504",
    location: "Onitsha",
    role: "sales",
    status: "inactive",
  },
  {
    firstname: "Funmilayo",
    lastname: "Ogunleye",
    phone: "08031234505",
    location: "Abeokuta",
    role: "viewer",
  },
  { firstname: "Ibrahim", lastname: "Musa", phone: "08031234506", location: "Abuja", role: "inventory" },
  {
    firstname: "Ngozi",
    lastname: "Eze",
    phone: "08031234507",
    location: "Port Harcourt",
    role: "support",
    status: "inactive",
  },
  {
    firstname: "Segun",
    lastname: "Afolabi",
    phone: "08031234508",
    location: "Akure",
    role: "sales",
    isBlocked: true,
  },
  { firstname: "Zainab", lastname: "Lawal", phone: "08031234509", location: "Kaduna", role: "admin" },
  {
    firstname: "Obinna",
    lastname: "Umeh",
    phone: "08031234510",
    location: "Owerri",
    role: "inventory",
    status: "inactive",
  },
  { firstname: "Halima", lastname: "Sani", phone: "08031234511", location: "Sokoto", role: "viewer" },
  { firstname: "Kelechi", lastname: "Amadi", phone: "08031234512", location: "Aba", role: "support" },
];

/** Permissions and roles every installation needs; safe to run at every start. Answers the roles it created. */
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

async function roleIdsByName(db: AppDb) {
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(isNull(roles.deletedAt));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

async function demoStaffRows(roleIds: Map<string, string>, skipEmails: Set<string>): Promise<NewUserRow[]> {
  const now = Date.now();
  const staff = DEMO_STAFF.map((person, index) => ({
    ...person,
    email: (person.email ?? `${person.firstname}.${person.lastname}@example.com`).toLowerCase(),
    // Spread over past weeks so "newest first" lists and dates look like a real team's history.
    createdAt: new Date(now - (DEMO_STAFF.length - index) * 2.5 * 86_400_000),
  })).filter((person) => !skipEmails.has(person.email));
  return Promise.all(
    staff.map(async (person) => {
      const status = person.status ?? "active";
      const roleId = roleIds.get(person.role);
      if (!roleId) throw new Error(`Seeded role "${person.role}" is missing`);
      return {
        firstname: person.firstname,
        lastname: person.lastname,
        email: person.email,
        phone: person.phone,
        location: person.location,
        roleId,
        status,
        isBlocked: person.isBlocked ?? false,
        // Inactive staff are still waiting for their invitation, so they have no password yet.
        passwordHash: status === "active" ? await hashPassword(DEMO_PASSWORD) : null,
        createdAt: person.createdAt,
        updatedAt: person.createdAt,
      };
    }),
  );
}

/**
 * Run at every start. Makes sure permissions and roles exist; on a database without staff, creates the
 * administrator named by ADMIN_EMAIL / ADMIN_PASSWORD and, with DEMO_DATA, a demo team.
 */
export async function ensureBootstrap(db: AppDb, config: Pick<BackendConfig, "admin" | "demoData">) {
  const createdRoles = await ensureRolesAndPermissions(db);
  if (createdRoles.length) console.info(`Created roles: ${createdRoles.join(", ")}`);

  const [{ staff }] = await db.select({ staff: count() }).from(users);
  if (staff > 0 || (!config.admin && !config.demoData)) return;

  const roleIds = await roleIdsByName(db);
  const adminRoleId = roleIds.get("admin");
  if (!adminRoleId) throw new Error('Seeded role "admin" is missing');
  // Hashing is slow, so it happens before the transaction that writes the rows.
  const rows: NewUserRow[] = [];
  if (config.admin) {
    rows.push({
      firstname: "Admin",
      lastname: "User",
      email: config.admin.email,
      roleId: adminRoleId,
      status: "active",
      passwordHash: await hashPassword(config.admin.password),
    });
  }
  if (config.demoData) rows.push(...(await demoStaffRows(roleIds, new Set(rows.map((row) => row.email)))));

  const created = await db.transaction(async (tx) => {
    // Another process may have seeded meanwhile; the count inside the transaction decides.
    const [{ existing }] = await tx.select({ existing: count() }).from(users);
    if (existing > 0) return false;
    await tx.insert(users).values(rows);
    return true;
  });
  if (!created) return;
  if (config.admin) console.info(`Created the administrator account ${config.admin.email}`);
  if (config.demoData) {
    console.info(
      `Seeded ${rows.length - (config.admin ? 1 : 0)} demo staff; sign in as admin@example.com, ` +
        `sales@example.com or viewer@example.com with password ${DEMO_PASSWORD}`,
    );
  }
}
