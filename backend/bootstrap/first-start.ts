import { readFileSync } from "node:fs";
import path from "node:path";
import { count, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { BackendConfig } from "../config";
import type { AppDb, DatabaseHandle } from "../db/client";
import { defaultMigrationsFolder, migrateDatabase } from "../db/client";
import { queryRows } from "../db/query-rows";
import { users, warehouses } from "../db/schema";
import type { NewUserRow } from "../db/schema";
import {
  ensureDemoAgents,
  ensureDemoBusiness,
  ensureDemoDevices,
  ensureDemoTickets,
} from "../demo/catalogue";
import { ensureDemoCustomers } from "../demo/customers";
import { ensureDemoCollections } from "../demo/collections";
import { ensureDemoContractActions } from "../demo/contract-actions";
import { ensureDemoLoanBook } from "../demo/loan-book";
import { DEMO_PASSWORD, demoStaffRows } from "../demo/staff";
import { ensureDemoStock } from "../demo/stock";
import { INVENTORY_CLASSES } from "../schemas/inventory";
import { DEFAULT_WAREHOUSE_NAME } from "../schemas/warehouses";
import { hashPassword } from "../services/passwords";
import { ensureRolesAndPermissions, roleIdsByName } from "./roles";
import { log } from "../log";

/**
 * Migrations, then the bootstrap below, by one process at a time: containers starting together on one
 * PostgreSQL wait for each other instead of racing (a data migration must never run twice).
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  config: Pick<BackendConfig, "admin" | "demoData" | "migrationLockTimeoutMs">,
  migrationsFolder = defaultMigrationsFolder(),
) {
  await database.alone("migrate", async (db) => {
    if (database.kind === "postgres") {
      // A migration waiting behind live traffic's locks would queue every request behind it: it gives up
      // instead, and the deploy is retried. Migrations themselves may take as long as they need.
      await db.execute(sql.raw(`set lock_timeout = ${config.migrationLockTimeoutMs}`));
      await db.execute(sql`set statement_timeout = 0`);
    }
    try {
      await migrateDatabase(db, database.kind, migrationsFolder);
      await ensureBootstrap(db, config);
    } finally {
      if (database.kind === "postgres") await db.execute(sql`reset lock_timeout; reset statement_timeout`);
    }
  });
}

/** How many of the folder's migrations the database has not applied (drizzle's own record of them). */
export async function pendingMigrations(db: AppDb, migrationsFolder = defaultMigrationsFolder()) {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  const [{ recorded }] = await queryRows(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as recorded`,
    z.object({ recorded: z.boolean() }),
  );
  const [{ last }] = recorded
    ? await queryRows(
        db,
        sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
        z.object({ last: z.string().nullable() }),
      )
    : [{ last: null }];
  return journal.entries.filter((entry) => entry.when > Number(last ?? 0)).length;
}

/** Run at every start; each step adds only what the database lacks. */
export async function ensureBootstrap(db: AppDb, config: Pick<BackendConfig, "admin" | "demoData">) {
  const createdRoles = await ensureRolesAndPermissions(db);
  if (createdRoles.length) log.info(`Created roles: ${createdRoles.join(", ")}`);
  if (await ensureDefaultWarehouse(db)) log.info(`Created the warehouse ${DEFAULT_WAREHOUSE_NAME}`);
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
    await ensureDemoBusiness(db);
    // After the stock and customers it sells to.
    await ensureDemoLoanBook(db);
    // After the book and the staff: the collector's work on its late accounts.
    await ensureDemoCollections(db);
    // After the collections: a written-off and a repossessed account, and a delay, on their timelines.
    await ensureDemoContractActions(db);
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
  if (config.admin) log.info(`Created the administrator account ${config.admin.email}`);
  if (config.demoData) {
    log.info(
      `Seeded ${rows.length - (config.admin ? 1 : 0)} demo staff; sign in as admin@example.com, ` +
        `sales@example.com, manager@example.com, collector@example.com or viewer@example.com with password ${DEMO_PASSWORD}`,
    );
  }
}

/** Safe at every start and from several processes at once: the unique name decides a race. */
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
