import { and, count, inArray, isNull, sql } from "drizzle-orm";
import type { BackendConfig } from "../config";
import type { PermissionName } from "../schemas/permissions";
import { ALL_PERMISSIONS } from "../schemas/permissions";
import { hashPassword } from "../services/passwords";
import type { AppDb } from "./client";
import { ensureDemoAgents, ensureDemoDevices, ensureDemoTickets } from "./demo-catalogue";
import { customers, permissions, rolePermissions, roles, users } from "./schema";
import type { CustomerStatus } from "../schemas/customers";
import type { UserStatus } from "../schemas/users";
import type { NewCustomerRow, NewUserRow } from "./schema";

/** The seeded designations, one per real job. Only created when missing; later edits are never undone. */
export const ROLE_CATALOGUE: Record<string, PermissionName[]> = {
  admin: ["manage:all"],
  sales: [
    "manage:Sales",
    "manage:Customers",
    "read:Products",
    "read:Inventory",
    "read:Devices",
    "manage:Agents",
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

const DEMO_CUSTOMER_FIRST_NAMES = [
  "Adaeze",
  "Babatunde",
  "Chiamaka",
  "Damilola",
  "Emeka",
  "Folake",
  "Gbenga",
  "Hauwa",
  "Ifeanyi",
  "Jumoke",
  "Kayode",
  "Ladi",
  "Mustapha",
  "Nneka",
  "Olamide",
];
const DEMO_CUSTOMER_LAST_NAMES = [
  "Adeyemi",
  "Bello",
  "Chukwu",
  "Danjuma",
  "Eze",
  "Fashola",
  "Garba",
  "Ibekwe",
  "Jaja",
  "Kalu",
  "Lawal",
  "Mohammed",
  "Nwosu",
  "Okafor",
  "Yakubu",
];
// [address, longitude, latitude]
const DEMO_CUSTOMER_PLACES: [string, number, number][] = [
  ["14 Allen Avenue, Ikeja, Lagos", 3.3515, 6.6018],
  ["5 Admiralty Way, Lekki, Lagos", 3.4746, 6.4474],
  ["22 Aminu Kano Crescent, Wuse 2, Abuja", 7.4711, 9.0765],
  ["9 Ring Road, Ibadan", 3.8964, 7.3775],
  ["31 Zoo Road, Kano", 8.5364, 12.0022],
  ["7 Aba Road, Port Harcourt", 7.0134, 4.8156],
  ["18 Ogui Road, Enugu", 7.4951, 6.4413],
  ["3 Ahmadu Bello Way, Kaduna", 7.4388, 10.5105],
  ["11 Sapele Road, Benin City", 5.6145, 6.335],
  ["40 Oke-Ado, Ibadan", 3.8812, 7.3675],
  ["2 Tafawa Balewa Way, Jos", 8.8921, 9.8965],
  ["27 Wetheral Road, Owerri", 7.0352, 5.4836],
  ["6 Calabar Road, Calabar", 8.3417, 4.9757],
  ["15 Murtala Mohammed Way, Ilorin", 4.55, 8.4966],
  ["8 Sultan Abubakar Road, Sokoto", 5.2476, 13.0059],
];

/** 45 demo customers over the last 90 days, mostly active, so the customer pages have several pages. */
export function demoCustomerRows(now = Date.now()): NewCustomerRow[] {
  const names = DEMO_CUSTOMER_FIRST_NAMES.length;
  return Array.from({ length: 45 }, (_, index) => {
    const firstname = DEMO_CUSTOMER_FIRST_NAMES[index % names];
    // Shifting the surname by 0, 4 and 8 on each round keeps every full name (and e-mail) distinct.
    const lastname = DEMO_CUSTOMER_LAST_NAMES[(index + Math.floor(index / names) * 4) % names];
    const [location, longitude, latitude] = DEMO_CUSTOMER_PLACES[(index * 7) % DEMO_CUSTOMER_PLACES.length];
    const status: CustomerStatus = index % 9 === 4 ? "barred" : index % 11 === 7 ? "inactive" : "active";
    const createdAt = new Date(now - (index * 2 + 0.5) * 86_400_000 - (index % 5) * 3_600_000);
    return {
      firstname,
      lastname,
      email: `${firstname}.${lastname}@example.com`.toLowerCase(),
      phone: `0803${String(4_560_000 + index * 37).padStart(7, "0")}`,
      addressType: index % 4 === 3 ? "WORK" : "HOME",
      location,
      longitude,
      latitude,
      status,
      type: index % 3 === 0 ? "purchase" : "lead",
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** Demo customers, only on a database that has none (so a restart or a second process never adds more). */
export async function ensureDemoCustomers(db: AppDb) {
  const rows = demoCustomerRows();
  const created = await db.transaction(async (tx) => {
    const [{ existing }] = await tx.select({ existing: count() }).from(customers);
    if (existing > 0) return false;
    await tx.insert(customers).values(rows);
    return true;
  });
  if (created) console.info(`Seeded ${rows.length} demo customers`);
}

/**
 * Run at every start. Makes sure permissions and roles exist; on a database without staff, creates the
 * administrator named by ADMIN_EMAIL / ADMIN_PASSWORD and, with DEMO_DATA, a demo team; with DEMO_DATA,
 * also demo agents, customers, devices and support tickets, each on a database without any.
 */
export async function ensureBootstrap(db: AppDb, config: Pick<BackendConfig, "admin" | "demoData">) {
  const createdRoles = await ensureRolesAndPermissions(db);
  if (createdRoles.length) console.info(`Created roles: ${createdRoles.join(", ")}`);
  if (config.demoData) {
    await ensureDemoCustomers(db);
    // After the customers: a share of them are registered by the demo agents.
    await ensureDemoAgents(db);
    await ensureDemoDevices(db);
  }
  await ensureStaff(db, config);
  // Tickets are written and worked by the demo support staff, so they come last.
  if (config.demoData) await ensureDemoTickets(db);
}

async function ensureStaff(db: AppDb, config: Pick<BackendConfig, "admin" | "demoData">) {
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
