import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BackendConfig } from "../config";
import type { PermissionName } from "../schemas/permissions";
import { ALL_PERMISSIONS } from "../schemas/permissions";
import { hashPassword } from "../services/passwords";
import type { AppDb } from "./client";
import { ensureDemoAgents, ensureDemoDevices, ensureDemoTickets } from "./demo-catalogue";
import {
  customers,
  files,
  inventoryBatches,
  inventoryCategories,
  inventoryItems,
  inventoryMovements,
  permissions,
  productCategories,
  productInventories,
  products,
  rolePermissions,
  roles,
  users,
  warehouses,
} from "./schema";
import type { CustomerStatus } from "../schemas/customers";
import type { UserStatus } from "../schemas/users";
import { INVENTORY_CLASSES } from "../schemas/inventory";
import type { InventoryClass } from "../schemas/inventory";
import { nairaToKobo } from "../schemas/money";
import { DEMO_PRODUCT_CATEGORIES } from "../schemas/products";
import type { PaymentMode } from "../schemas/products";
import { DEFAULT_WAREHOUSE_NAME } from "../schemas/warehouses";
import type { NewCustomerRow, NewUserRow } from "./schema";

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
 * Run at every start. Makes sure permissions, roles and one warehouse exist; on a database without staff,
 * creates the administrator named by ADMIN_EMAIL / ADMIN_PASSWORD and, with DEMO_DATA, a demo team; with
 * DEMO_DATA, also demo customers, agents, stock, devices and support tickets, each on a database without any.
 */
export async function ensureBootstrap(db: AppDb, config: Pick<BackendConfig, "admin" | "demoData">) {
  const createdRoles = await ensureRolesAndPermissions(db);
  if (createdRoles.length) console.info(`Created roles: ${createdRoles.join(", ")}`);
  if (await ensureDefaultWarehouse(db)) console.info(`Created the warehouse ${DEFAULT_WAREHOUSE_NAME}`);
  if (config.demoData) {
    await ensureDemoCustomers(db);
    // After the customers: a share of them are registered by the demo agents.
    await ensureDemoAgents(db);
  }
  await ensureFirstStaff(db, config);
  if (config.demoData) {
    // After the staff, so the demo batches name a colleague who received them; devices are units of the
    // demo stock; tickets are written and worked by the demo support staff.
    await ensureDemoStock(db);
    await ensureDemoDevices(db);
    await ensureDemoTickets(db);
  }
}

async function ensureFirstStaff(db: AppDb, config: Pick<BackendConfig, "admin" | "demoData">) {
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

/**
 * A fresh database (demo or not) gets one active warehouse taking every class, so stock always has a
 * home. Safe at every start and from several processes at once: the unique name decides a race.
 */
export async function ensureDefaultWarehouse(db: AppDb): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [{ existing }] = await tx
      .select({ existing: count() })
      .from(warehouses)
      .where(isNull(warehouses.deletedAt));
    if (existing > 0) return false;
    const created = await tx
      .insert(warehouses)
      .values({ name: DEFAULT_WAREHOUSE_NAME, type: "Main", inventoryClasses: [...INVENTORY_CLASSES] })
      .onConflictDoNothing()
      .returning({ id: warehouses.id });
    return created.length > 0;
  });
}

type DemoPlace = "main" | "kano" | "portHarcourt";

const DEMO_WAREHOUSES: {
  key: Exclude<DemoPlace, "main">;
  name: string;
  type: string;
  classes: InventoryClass[];
}[] = [
  { key: "kano", name: "Kano Depot", type: "Regional depot", classes: ["REGULAR", "RETURNED"] },
  {
    key: "portHarcourt",
    name: "Port Harcourt Service Centre",
    type: "Repairs and refurbishment",
    classes: ["RETURNED", "REFURBISHED"],
  },
];

const DEMO_CATEGORIES: Record<string, string[]> = {
  "Solar Panels": ["Monocrystalline", "Polycrystalline"],
  Batteries: ["Lithium-ion", "Gel"],
  Inverters: ["Pure Sine Wave", "Hybrid"],
  Lighting: ["LED Bulbs", "Floodlights"],
  Accessories: ["Charge Controllers", "Cables"],
};

interface DemoItem {
  sku: string;
  name: string;
  manufacturerName: string;
  category: string;
  subCategory: string;
  class: InventoryClass;
  made: string;
  label: string;
  /** Where each batch arrived, how many, and its unit cost and selling price in naira. */
  batches: [DemoPlace, number, number, number][];
}

const DEMO_ITEMS: DemoItem[] = [
  {
    sku: "PNL-200M",
    name: "200W Monocrystalline Panel",
    manufacturerName: "Jinko Solar",
    category: "Solar Panels",
    subCategory: "Monocrystalline",
    class: "REGULAR",
    made: "2025-03-10",
    label: "PV",
    batches: [
      ["main", 40, 52_000, 68_000],
      ["kano", 25, 55_000, 72_500],
    ],
  },
  {
    sku: "PNL-100P",
    name: "100W Polycrystalline Panel",
    manufacturerName: "Canadian Solar",
    category: "Solar Panels",
    subCategory: "Polycrystalline",
    class: "REGULAR",
    made: "2025-01-22",
    label: "PV",
    batches: [
      ["main", 60, 28_000, 36_000],
      ["main", 30, 30_500, 39_000],
    ],
  },
  {
    sku: "BAT-LI-100",
    name: "12V 100Ah Lithium Battery",
    manufacturerName: "Felicity Solar",
    category: "Batteries",
    subCategory: "Lithium-ion",
    class: "REGULAR",
    made: "2025-04-02",
    label: "BAT",
    batches: [
      ["main", 30, 180_000, 235_000],
      ["kano", 15, 192_000, 249_000],
    ],
  },
  {
    sku: "BAT-GEL-200",
    name: "12V 200Ah Gel Battery",
    manufacturerName: "Luminous",
    category: "Batteries",
    subCategory: "Gel",
    class: "REGULAR",
    made: "2024-11-18",
    label: "BAT",
    batches: [
      ["main", 20, 210_000, 265_000],
      ["main", 10, 218_000, 279_000],
    ],
  },
  {
    sku: "INV-1500",
    name: "1.5kVA Pure Sine Inverter",
    manufacturerName: "Felicity Solar",
    category: "Inverters",
    subCategory: "Pure Sine Wave",
    class: "REGULAR",
    made: "2025-02-14",
    label: "INV",
    batches: [
      ["main", 25, 145_000, 189_000],
      ["kano", 10, 150_000, 196_000],
    ],
  },
  {
    sku: "INV-HYB-3500",
    name: "3.5kVA Hybrid Inverter",
    manufacturerName: "Growatt",
    category: "Inverters",
    subCategory: "Hybrid",
    class: "REGULAR",
    made: "2025-05-06",
    label: "INV",
    batches: [
      ["main", 12, 410_000, 520_000],
      ["main", 8, 425_000, 545_000],
    ],
  },
  {
    sku: "LED-5W",
    name: "5W DC LED Bulb",
    manufacturerName: "Philips",
    category: "Lighting",
    subCategory: "LED Bulbs",
    class: "REGULAR",
    made: "2025-06-01",
    label: "LED",
    batches: [
      ["main", 300, 1_200, 2_300],
      ["kano", 200, 1_500, 3_300],
    ],
  },
  {
    sku: "LED-9W",
    name: "9W DC LED Bulb",
    manufacturerName: "Philips",
    category: "Lighting",
    subCategory: "LED Bulbs",
    class: "REGULAR",
    made: "2025-06-01",
    label: "LED",
    batches: [
      ["main", 200, 1_800, 3_000],
      ["main", 150, 2_000, 3_400],
    ],
  },
  {
    sku: "FLD-50W",
    name: "50W Solar Floodlight",
    manufacturerName: "Sonik",
    category: "Lighting",
    subCategory: "Floodlights",
    class: "REGULAR",
    made: "2025-03-28",
    label: "FLD",
    batches: [
      ["main", 40, 9_500, 14_500],
      ["kano", 20, 10_000, 15_500],
    ],
  },
  {
    sku: "CC-MPPT-30",
    name: "30A MPPT Charge Controller",
    manufacturerName: "Victron Energy",
    category: "Accessories",
    subCategory: "Charge Controllers",
    class: "REGULAR",
    made: "2025-01-09",
    label: "CC",
    batches: [
      ["main", 35, 38_000, 52_000],
      ["main", 15, 40_500, 55_000],
    ],
  },
  {
    sku: "CBL-6MM-10",
    name: "6mm² Solar Cable, 10 m",
    manufacturerName: "Nigerchin",
    category: "Accessories",
    subCategory: "Cables",
    class: "REGULAR",
    made: "2025-02-03",
    label: "CBL",
    batches: [
      ["main", 120, 6_500, 9_800],
      ["kano", 80, 7_000, 10_500],
    ],
  },
  {
    sku: "INV-1000-RF",
    name: "1kVA Inverter (refurbished)",
    manufacturerName: "Felicity Solar",
    category: "Inverters",
    subCategory: "Pure Sine Wave",
    class: "REFURBISHED",
    made: "2023-08-15",
    label: "INV",
    batches: [
      ["portHarcourt", 8, 60_000, 95_000],
      ["portHarcourt", 6, 62_000, 99_000],
    ],
  },
  {
    sku: "BAT-LI-100-RT",
    name: "12V 100Ah Lithium Battery (returned)",
    manufacturerName: "Felicity Solar",
    category: "Batteries",
    subCategory: "Lithium-ion",
    class: "RETURNED",
    made: "2024-09-30",
    label: "BAT",
    batches: [
      ["portHarcourt", 5, 150_000, 180_000],
      ["kano", 3, 150_000, 175_000],
    ],
  },
];

const DEMO_PRODUCTS: {
  category: (typeof DEMO_PRODUCT_CATEGORIES)[number];
  name: string;
  paymentModes: PaymentMode[];
  items: [string, number][];
}[] = [
  {
    category: "SHS",
    name: "Solar Home Kit Basic",
    paymentModes: ["ONE_OFF", "INSTALLMENT"],
    items: [
      ["PNL-100P", 1],
      ["BAT-LI-100", 1],
      ["CC-MPPT-30", 1],
      ["LED-5W", 4],
    ],
  },
  {
    category: "SHS",
    name: "Solar Home Kit Plus",
    paymentModes: ["ONE_OFF", "INSTALLMENT"],
    items: [
      ["PNL-200M", 2],
      ["BAT-GEL-200", 1],
      ["INV-1500", 1],
      ["LED-9W", 6],
    ],
  },
  {
    category: "EAAS",
    name: "Shop Power Service",
    paymentModes: ["INSTALLMENT"],
    items: [
      ["PNL-200M", 2],
      ["BAT-LI-100", 2],
      ["INV-1500", 1],
    ],
  },
  {
    category: "EAAS",
    name: "Street Light Service",
    paymentModes: ["INSTALLMENT"],
    items: [["FLD-50W", 4]],
  },
  {
    category: "Rooftop",
    name: "Rooftop 3.5kW System",
    paymentModes: ["ONE_OFF", "INSTALLMENT"],
    items: [
      ["PNL-200M", 10],
      ["INV-HYB-3500", 1],
      ["BAT-GEL-200", 4],
      ["CBL-6MM-10", 3],
    ],
  },
  {
    category: "Rooftop",
    name: "Rooftop Starter 1.5kVA",
    paymentModes: ["ONE_OFF"],
    items: [
      ["PNL-100P", 6],
      ["INV-1500", 1],
      ["BAT-LI-100", 2],
      ["CBL-6MM-10", 2],
    ],
  },
];

const DEMO_COLOURS = ["#0f766e", "#b45309", "#1d4ed8", "#7c3aed", "#be123c", "#15803d"];

/** A small SVG tile with a label, so demo records show an image without shipping binary files. */
function demoImage(label: string, index: number) {
  const colour = DEMO_COLOURS[index % DEMO_COLOURS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120">` +
    `<rect width="160" height="120" rx="12" fill="${colour}"/>` +
    `<text x="80" y="72" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">${label}</text></svg>`;
  return { name: `${label.toLowerCase()}.svg`, bytes: new TextEncoder().encode(svg) };
}

/**
 * Demo stock, only on a database without inventory (so a restart never adds more): two more warehouses,
 * categories with sub-categories, thirteen items in two batches each at different prices (one moved in
 * part to another warehouse), and products in SHS, EAAS and Rooftop made from them.
 */
export async function ensureDemoStock(db: AppDb) {
  const created = await db.transaction(async (tx) => {
    const [{ existing }] = await tx.select({ existing: count() }).from(inventoryItems);
    if (existing > 0) return false;
    let imageIndex = 0;
    const image = async (label: string) => {
      const upload = demoImage(label, imageIndex++);
      const [row] = await tx
        .insert(files)
        .values({ kind: "svg", name: upload.name, size: upload.bytes.byteLength, bytes: upload.bytes })
        .returning({ id: files.id });
      return row.id;
    };
    const [receiver] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(roles.name, "inventory"), eq(users.status, "active"), isNull(users.deletedAt)))
      .orderBy(users.createdAt)
      .limit(1);
    const receivedBy = receiver?.id ?? null;

    const [main] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(isNull(warehouses.deletedAt), eq(warehouses.status, "active")))
      .orderBy(warehouses.createdAt)
      .limit(1);
    if (!main) return false;
    const place: Record<DemoPlace, string> = { main: main.id, kano: "", portHarcourt: "" };
    for (const warehouse of DEMO_WAREHOUSES) {
      const [row] = await tx
        .insert(warehouses)
        .values({
          name: warehouse.name,
          type: warehouse.type,
          inventoryClasses: warehouse.classes,
          imageFileId: await image(warehouse.name.slice(0, 2).toUpperCase()),
        })
        .onConflictDoNothing()
        .returning({ id: warehouses.id });
      place[warehouse.key] = row?.id ?? main.id;
    }

    const categoryIds = new Map<string, string>();
    for (const [name, children] of Object.entries(DEMO_CATEGORIES)) {
      const [parent] = await tx
        .insert(inventoryCategories)
        .values({ name })
        .onConflictDoNothing()
        .returning({ id: inventoryCategories.id });
      if (!parent) continue;
      categoryIds.set(name, parent.id);
      for (const child of children) {
        const [row] = await tx
          .insert(inventoryCategories)
          .values({ name: child, parentId: parent.id })
          .returning({ id: inventoryCategories.id });
        categoryIds.set(`${name}/${child}`, row.id);
      }
    }

    const itemIds = new Map<string, string>();
    const now = Date.now();
    for (const [index, item] of DEMO_ITEMS.entries()) {
      const categoryId = categoryIds.get(item.category);
      const subCategoryId = categoryIds.get(`${item.category}/${item.subCategory}`);
      if (!categoryId || !subCategoryId) continue;
      const createdAt = new Date(now - (DEMO_ITEMS.length - index) * 3 * 86_400_000);
      const [row] = await tx
        .insert(inventoryItems)
        .values({
          class: item.class,
          categoryId,
          subCategoryId,
          name: item.name,
          manufacturerName: item.manufacturerName,
          dateOfManufacture: item.made,
          sku: item.sku,
          imageFileId: await image(item.label),
          creatorId: receivedBy,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: inventoryItems.id });
      itemIds.set(item.sku, row.id);
      for (const [batchIndex, [where, stock, cost, price]] of item.batches.entries()) {
        const receivedAt = new Date(createdAt.getTime() + batchIndex * 86_400_000);
        const [batch] = await tx
          .insert(inventoryBatches)
          .values({
            inventoryItemId: row.id,
            warehouseId: place[where],
            numberOfStock: stock,
            remainingQuantity: stock,
            costOfItem: nairaToKobo(cost),
            price: nairaToKobo(price),
            receivedBy,
            receivedAt,
          })
          .returning({ id: inventoryBatches.id });
        await tx.insert(inventoryMovements).values({
          kind: "RECEIPT",
          inventoryItemId: row.id,
          batchId: batch.id,
          toWarehouseId: place[where],
          quantity: stock,
          actorId: receivedBy,
          reason: batchIndex === 0 ? "Received with the new item" : "Restock",
          createdAt: receivedAt,
        });
      }
    }
    await demoTransfer(tx, itemIds.get("PNL-200M"), place.kano, receivedBy);

    const productCategoryIds = new Map<string, string>();
    // Moments one minute apart, so "oldest first" (the tabs) and "newest first" (the lists) are stable.
    const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
    for (const [index, name] of DEMO_PRODUCT_CATEGORIES.entries()) {
      const [row] = await tx
        .insert(productCategories)
        .values({
          name,
          createdAt: minutesAgo(DEMO_PRODUCT_CATEGORIES.length - index + DEMO_PRODUCTS.length),
        })
        .onConflictDoNothing()
        .returning({ id: productCategories.id });
      if (row) productCategoryIds.set(name, row.id);
    }
    for (const [index, product] of DEMO_PRODUCTS.entries()) {
      const categoryId = productCategoryIds.get(product.category);
      const links = product.items.flatMap(([sku, quantity]) => {
        const inventoryItemId = itemIds.get(sku);
        return inventoryItemId ? [{ inventoryItemId, quantity }] : [];
      });
      if (!categoryId || links.length === 0) continue;
      const [row] = await tx
        .insert(products)
        .values({
          categoryId,
          name: product.name,
          paymentModes: product.paymentModes,
          imageFileId: await image(product.category.toUpperCase().slice(0, 4)),
          creatorId: receivedBy,
          createdAt: minutesAgo(DEMO_PRODUCTS.length - index),
          updatedAt: minutesAgo(DEMO_PRODUCTS.length - index),
        })
        .returning({ id: products.id });
      await tx.insert(productInventories).values(links.map((link) => ({ ...link, productId: row.id })));
    }
    return true;
  });
  if (created)
    console.info(
      `Seeded demo stock: ${DEMO_ITEMS.length} inventory items in ${DEMO_WAREHOUSES.length + 1} warehouses, ` +
        `${DEMO_PRODUCTS.length} products`,
    );
}

/** Ten units of the first batch of `itemId` moved to `toWarehouseId`, as a transfer would (a batch split). */
async function demoTransfer(
  tx: AppDb,
  itemId: string | undefined,
  toWarehouseId: string,
  actorId: string | null,
) {
  if (!itemId) return;
  const [source] = await tx
    .select()
    .from(inventoryBatches)
    .where(eq(inventoryBatches.inventoryItemId, itemId))
    .orderBy(inventoryBatches.batchNumber)
    .limit(1);
  if (!source || source.warehouseId === toWarehouseId || source.remainingQuantity < 10) return;
  const quantity = 10;
  const movedAt = new Date(source.receivedAt.getTime() + 2 * 86_400_000);
  await tx
    .update(inventoryBatches)
    .set({ remainingQuantity: source.remainingQuantity - quantity })
    .where(eq(inventoryBatches.id, source.id));
  const [moved] = await tx
    .insert(inventoryBatches)
    .values({
      inventoryItemId: itemId,
      warehouseId: toWarehouseId,
      numberOfStock: quantity,
      remainingQuantity: quantity,
      costOfItem: source.costOfItem,
      price: source.price,
      sourceBatchId: source.id,
      receivedBy: actorId,
      receivedAt: movedAt,
    })
    .returning({ id: inventoryBatches.id });
  await tx.insert(inventoryMovements).values({
    kind: "TRANSFER",
    inventoryItemId: itemId,
    batchId: source.id,
    toBatchId: moved.id,
    fromWarehouseId: source.warehouseId,
    toWarehouseId,
    quantity,
    actorId,
    reason: "Stock for the northern agents",
    createdAt: movedAt,
  });
}
