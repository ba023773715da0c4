import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { and, eq, sql } from "drizzle-orm";
import { PGLITE_EXTENSIONS, defaultMigrationsFolder, migrateDatabase, wrapPglite } from "./client";
import { customers, permissions, rolePermissions, roles, users } from "./schema";
import { makeCustomer, makeUser, roleIdByName } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

async function statementsOf(file: string, containing: string) {
  const text = await readFile(path.resolve("backend/db/migrations", file), "utf8");
  return text.split("--> statement-breakpoint").filter((statement) => statement.includes(containing));
}

describe("0004: phone numbers stored before normalisation", () => {
  it("rewrites Nigerian numbers to their national form unless two customers would share one", async () => {
    const international = await makeCustomer(backend.db, { phone: "+234 803 777 1001" });
    const dashed = await makeCustomer(backend.db, { phone: "0803-777-1002" });
    const sameAsDashed = await makeCustomer(backend.db, { phone: "+2348037771002" });
    const foreign = await makeCustomer(backend.db, { phone: "+44 20 7946 0958" });
    const staff = await makeUser(backend.db, { phone: "+234 (0) 803 777 1003" });

    for (const statement of await statementsOf("0004_security-limits.sql", "UPDATE")) {
      await backend.db.execute(sql.raw(statement));
    }
    const phoneOf = async (id: string) =>
      (await backend.db.select({ phone: customers.phone }).from(customers).where(eq(customers.id, id)))[0]
        .phone;
    expect(await phoneOf(international.id)).toBe("08037771001");
    expect(await phoneOf(dashed.id)).toBe("08037771002");
    expect(await phoneOf(sameAsDashed.id)).toBe("+2348037771002");
    expect(await phoneOf(foreign.id)).toBe("+442079460958");
    const [staffRow] = await backend.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, staff.id));
    expect(staffRow.phone).toBe("08037771003");
  });
});

describe("0007: the sales role reads warehouses", () => {
  it("grants read:Warehouses to a sales role seeded before, once, and to no other role", async () => {
    const readWarehouses = and(eq(permissions.action, "read"), eq(permissions.subject, "Warehouses"));
    const [permission] = await backend.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(readWarehouses);
    const [sales] = await backend.db.select({ id: roles.id }).from(roles).where(eq(roles.name, "sales"));
    const [support] = await backend.db.select({ id: roles.id }).from(roles).where(eq(roles.name, "support"));
    await backend.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, sales.id), eq(rolePermissions.permissionId, permission.id)));
    const grants = (roleId: string) =>
      backend.db.$count(
        rolePermissions,
        and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permission.id)),
      );
    const supportBefore = await grants(support.id);

    for (let run = 0; run < 2; run += 1)
      for (const statement of await statementsOf("0007_sales-read-warehouses.sql", "INSERT"))
        await backend.db.execute(sql.raw(statement));
    expect(await grants(sales.id)).toBe(1);
    expect(await grants(support.id)).toBe(supportBefore);
  });
});

describe("0009: the seeded sales role manages agents", () => {
  const grantsOf = async (roleId: string) =>
    (
      await backend.db
        .select({ name: sql<string>`${permissions.action} || ':' || ${permissions.subject}` })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(rolePermissions.roleId, roleId))
    ).map((row) => row.name);
  const runMigration = async () => {
    for (const statement of await statementsOf("0009_sales-manage-agents.sql", "Agents")) {
      await backend.db.execute(sql.raw(statement));
    }
  };

  it("turns a sales role seeded before (read:Agents) into one that manages agents, once", async () => {
    const salesId = await roleIdByName(backend.db, "sales");
    const [manage] = await backend.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.action, "manage"), eq(permissions.subject, "Agents")));
    const [read] = await backend.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.action, "read"), eq(permissions.subject, "Agents")));
    // The role as the earlier catalogue seeded it.
    await backend.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, salesId), eq(rolePermissions.permissionId, manage.id)));
    await backend.db.insert(rolePermissions).values({ roleId: salesId, permissionId: read.id });
    const before = await grantsOf(salesId);

    await runMigration();
    await runMigration();
    const after = await grantsOf(salesId);
    expect(after).toContain("manage:Agents");
    expect(after).not.toContain("read:Agents");
    expect(after.sort()).toEqual(
      [...before.filter((name) => name !== "read:Agents"), "manage:Agents"].sort(),
    );

    // Other roles are untouched.
    expect(await grantsOf(await roleIdByName(backend.db, "viewer"))).toContain("read:Agents");
  });
});

describe("0013: sale and receipt numbers", () => {
  it("numbers the sales and payments already stored in the order they were made, then goes on from there", async () => {
    const full = defaultMigrationsFolder();
    const before = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    await cp(full, before, { recursive: true });
    await rm(path.join(before, "0013_human-numbers.sql"));
    const journalPath = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < 13);
    await writeFile(journalPath, JSON.stringify(journal));

    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const { db } = wrapPglite(client);
    try {
      await migrateDatabase(db, "pglite", before);
      // Written as the tables stood then: the schema of today has columns they lacked.
      const customer = { id: "customer-numbered" };
      await client.query(
        `insert into customers (id, firstname, lastname, email, phone, location)
         values ($1, 'Numbered', 'Customer', 'numbered@example.test', '08030000999', 'Lagos')`,
        [customer.id],
      );
      // Made out of the order of their dates: the numbers follow the dates.
      for (const [id, day] of [
        ["sale-b", "2025-02-01"],
        ["sale-a", "2025-01-01"],
        ["sale-c", "2025-03-01"],
      ]) {
        await client.query(
          `insert into sales (id, customer_id, payment_method, apply_margin, outright_margin_bps, loan_margin_bps,
             monthly_interest_bps, has_contract, total_kobo, due_now_kobo, total_monthly_kobo, installment_months,
             created_at)
           values ($1, $2, 'CASH', false, 0, 0, 0, false, 100, 100, 0, 0, $3)`,
          [id, customer.id, day],
        );
        await client.query(
          `insert into sale_payments (id, sale_id, method, amount_kobo, status, reference, created_at)
           values ($1, $2, 'CASH', 100, 'COMPLETED', $1, $3)`,
          [`pay-${id}`, id, day],
        );
      }
      await migrateDatabase(db, "pglite", full);
      const numbers = await client.query<{ id: string; number: number }>(
        "select id, number from sales union all select id, number from sale_payments order by id",
      );
      expect(Object.fromEntries(numbers.rows.map((row) => [row.id, row.number]))).toEqual({
        "pay-sale-a": 1,
        "pay-sale-b": 2,
        "pay-sale-c": 3,
        "sale-a": 1,
        "sale-b": 2,
        "sale-c": 3,
      });
      const next = await client.query<{ number: number }>(
        `insert into sales (id, customer_id, payment_method, apply_margin, outright_margin_bps, loan_margin_bps,
           monthly_interest_bps, has_contract, total_kobo, due_now_kobo, total_monthly_kobo, installment_months)
         values ('sale-d', $1, 'CASH', false, 0, 0, 0, false, 100, 100, 0, 0) returning number`,
        [customer.id],
      );
      expect(next.rows[0].number).toBe(4);
    } finally {
      await client.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});

describe("0028: agent numbers", () => {
  it("numbers the agents already stored in the order they were added, in eight digits, then goes on", async () => {
    const full = defaultMigrationsFolder();
    const before = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    await cp(full, before, { recursive: true });
    await rm(path.join(before, "0028_agent-number.sql"));
    const journalPath = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < 28);
    await writeFile(journalPath, JSON.stringify(journal));

    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const { db } = wrapPglite(client);
    const addAgent = (id: string, day?: string) =>
      client.query<{ number: number }>(
        `insert into agents (id, firstname, lastname, email, location${day ? ", created_at" : ""})
         values ($1, 'Numbered', 'Agent', $1 || '@agents.test', 'Enugu'${day ? ", $2" : ""}) returning *`,
        day ? [id, day] : [id],
      );
    try {
      await migrateDatabase(db, "pglite", before);
      await addAgent("agent-b", "2025-02-01");
      await addAgent("agent-a", "2025-01-01");
      await addAgent("agent-c", "2025-03-01");
      await migrateDatabase(db, "pglite", full);
      const numbers = await client.query<{ id: string; number: number }>(
        "select id, number from agents order by id",
      );
      expect(Object.fromEntries(numbers.rows.map((row) => [row.id, row.number]))).toEqual({
        "agent-a": 10_000_001,
        "agent-b": 10_000_002,
        "agent-c": 10_000_003,
      });
      expect((await addAgent("agent-d")).rows[0].number).toBe(10_000_004);
    } finally {
      await client.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
