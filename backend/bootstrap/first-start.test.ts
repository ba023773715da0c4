import { and, eq, isNull, sql } from "drizzle-orm";
import { addDays, lagosToday } from "../schemas/dates";
import { z } from "zod";
import { queryRows } from "../db/query-rows";
import { TEST_PASSWORD, signIn } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";
import { DEMO_PASSWORD } from "../demo/staff";
import { worklistCounts } from "../services/collections";
import { ensureBootstrap } from "./first-start";
import { ROLE_CATALOGUE } from "./roles";
import {
  accountEvents,
  accounts,
  accountSchedule,
  accountSnapshots,
  agents,
  auditLog,
  authTokens,
  collectionCases,
  collectionContacts,
  customers,
  deviceEvents,
  devices,
  deviceTokens,
  files,
  inventoryBatches,
  inventoryCategories,
  inventoryItems,
  inventoryMovements,
  messages,
  passwordTokens,
  permissions,
  productCategories,
  productInventories,
  products,
  rolePermissions,
  roles,
  saleItems,
  salePayments,
  sales,
  ticketEvents,
  tickets,
  users,
  warehouses,
} from "../db/schema";
import { log } from "../log";

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());
// Children before parents: tickets, devices and stock rows name records and staff seeded earlier.
const SEEDED_TABLES = [
  messages,
  accountEvents,
  deviceEvents,
  collectionContacts,
  collectionCases,
  deviceTokens,
  accountSnapshots,
  accountSchedule,
  accounts,
  salePayments,
  ticketEvents,
  tickets,
  devices,
  saleItems,
  sales,
  productInventories,
  products,
  productCategories,
  inventoryMovements,
  inventoryBatches,
  inventoryItems,
  inventoryCategories,
  warehouses,
  files,
  auditLog,
  authTokens,
  passwordTokens,
  customers,
  agents,
  users,
];
beforeEach(async () => {
  for (const table of SEEDED_TABLES) await backend.db.delete(table);
});

const nothing = { admin: null, demoData: false };

describe("ensureBootstrap", () => {
  it("creates every permission and the catalogue's roles, once", async () => {
    await ensureBootstrap(backend.db, nothing);
    await ensureBootstrap(backend.db, nothing);
    // Four actions on fifteen subjects.
    expect(await backend.db.$count(permissions)).toBe(60);
    const roleRows = await backend.db.select().from(roles);
    expect(roleRows.map((role) => role.name).sort()).toEqual(Object.keys(ROLE_CATALOGUE).sort());
    for (const role of roleRows) {
      expect(await backend.db.$count(rolePermissions, eq(rolePermissions.roleId, role.id))).toBe(
        ROLE_CATALOGUE[role.name].length,
      );
    }
    expect(await backend.db.$count(users)).toBe(0);
  });

  it("does not undo later changes to a seeded role", async () => {
    const [viewer] = await backend.db.select().from(roles).where(eq(roles.name, "viewer"));
    await backend.db.delete(rolePermissions).where(eq(rolePermissions.roleId, viewer.id));
    await ensureBootstrap(backend.db, nothing);
    expect(await backend.db.$count(rolePermissions, eq(rolePermissions.roleId, viewer.id))).toBe(0);
  });

  it("creates the configured administrator on an empty database, without logging the password", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    try {
      await ensureBootstrap(backend.db, {
        admin: { email: "boss@example.test", password: TEST_PASSWORD },
        demoData: false,
      });
      await ensureBootstrap(backend.db, {
        admin: { email: "other@example.test", password: TEST_PASSWORD },
        demoData: false,
      });
      expect(info).toHaveBeenCalledWith(expect.stringContaining("boss@example.test"));
      expect(JSON.stringify(info.mock.calls)).not.toContain(TEST_PASSWORD);
    } finally {
      info.mockRestore();
    }
    const staff = await backend.db.select().from(users);
    expect(staff).toHaveLength(1);
    expect(staff[0]).toMatchObject({ email: "boss@example.test", status: "active", isBlocked: false });
    const token = await signIn(backend, "boss@example.test");
    const me = await (await backend.request("GET", "/api/v1/users/single", { token })).json();
    expect(me.role.role).toBe("admin");
  });

  it("seeds a demo team whose accounts can sign in", async () => {
    vi.spyOn(log, "info").mockImplementation(() => undefined);
    await ensureBootstrap(backend.db, { admin: null, demoData: true });
    vi.restoreAllMocks();

    const staff = await backend.db.select().from(users);
    expect(staff.length).toBeGreaterThanOrEqual(15);
    expect(staff.filter((user) => user.status === "inactive").length).toBeGreaterThan(0);
    expect(staff.filter((user) => user.isBlocked)).toHaveLength(1);
    expect(new Set(staff.map((user) => user.location)).size).toBeGreaterThan(10);

    for (const [email, role] of [
      ["admin@example.com", "admin"],
      ["sales@example.com", "sales"],
      ["viewer@example.com", "viewer"],
    ]) {
      const token = await signIn(backend, email, DEMO_PASSWORD);
      const me = await (await backend.request("GET", "/api/v1/users/single", { token })).json();
      expect(me.role.role).toBe(role);
    }
  });

  it("seeds demo customers once, only while there are none, and not without DEMO_DATA", async () => {
    vi.spyOn(log, "info").mockImplementation(() => undefined);
    await ensureBootstrap(backend.db, nothing);
    expect(await backend.db.$count(customers)).toBe(0);
    await ensureBootstrap(backend.db, { admin: null, demoData: true });
    await ensureBootstrap(backend.db, { admin: null, demoData: true });
    vi.restoreAllMocks();

    const rows = await backend.db.select().from(customers);
    expect(rows).toHaveLength(45);
    expect(new Set(rows.map((row) => row.email)).size).toBe(45);
    expect(new Set(rows.map((row) => row.phone)).size).toBe(45);
    const statuses = rows.map((row) => row.status);
    expect(statuses.filter((status) => status === "active").length).toBeGreaterThan(30);
    expect(statuses).toEqual(expect.arrayContaining(["barred", "inactive"]));
    const ages = rows.map((row) => (Date.now() - row.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeLessThanOrEqual(90);
    expect(Math.min(...ages)).toBeLessThan(30);
  });

  it("gives a fresh database one active warehouse taking every class, once, demo or not", async () => {
    vi.spyOn(log, "info").mockImplementation(() => undefined);
    await ensureBootstrap(backend.db, nothing);
    await ensureBootstrap(backend.db, nothing);
    vi.restoreAllMocks();
    const rows = await backend.db.select().from(warehouses);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Main Warehouse",
      status: "active",
      inventoryClasses: ["REGULAR", "RETURNED", "REFURBISHED"],
    });
    expect(await backend.db.$count(inventoryItems)).toBe(0);
    expect(await backend.db.$count(products)).toBe(0);
  });

  it("seeds demo stock once: warehouses, categories, items in batches at different prices, products", async () => {
    vi.spyOn(log, "info").mockImplementation(() => undefined);
    await ensureBootstrap(backend.db, { admin: null, demoData: true });
    await ensureBootstrap(backend.db, { admin: null, demoData: true });
    vi.restoreAllMocks();

    expect(await backend.db.$count(warehouses)).toBe(3);
    const categories = await backend.db.select().from(inventoryCategories);
    const parents = categories.filter((category) => category.parentId === null);
    expect(parents.length).toBeGreaterThanOrEqual(3);
    for (const parent of parents)
      expect(categories.some((category) => category.parentId === parent.id)).toBe(true);
    expect(await backend.db.$count(inventoryItems)).toBeGreaterThanOrEqual(12);
    const perItem = await backend.db
      .select({
        batches: sql<number>`count(*)::int`,
        prices: sql<number>`count(distinct ${inventoryBatches.price})::int`,
      })
      .from(inventoryBatches)
      .groupBy(inventoryBatches.inventoryItemId);
    for (const item of perItem) {
      expect(item.batches).toBeGreaterThanOrEqual(2);
      expect(item.prices).toBeGreaterThanOrEqual(2);
    }

    const token = await signIn(backend, "admin@example.com", DEMO_PASSWORD);
    const categoriesAnswer = await (
      await backend.request("GET", "/api/v1/products/categories/all", { token })
    ).json();
    expect(categoriesAnswer.map((category: { name: string }) => category.name)).toEqual([
      "SHS",
      "EAAS",
      "Rooftop",
    ]);
    const listed = await (await backend.request("GET", "/api/v1/products?limit=100", { token })).json();
    expect(
      new Set(listed.updatedResults.map((product: { category: { name: string } }) => product.category.name)),
    ).toEqual(new Set(["SHS", "EAAS", "Rooftop"]));
    for (const product of listed.updatedResults) {
      expect(product.availableUnits).toBeGreaterThan(0);
      expect(product.priceRange.maximumInventoryBatchPrice).toBeGreaterThan(
        product.priceRange.minimumInventoryBatchPrice,
      );
      expect(product.image).toMatch(/^\/files\//);
    }
    const transfers = await (
      await backend.request("GET", "/api/v1/inventory/logs?kind=TRANSFER", { token })
    ).json();
    expect(transfers.total).toBe(1);
    expect(transfers.movements[0].actor).toMatchObject({ name: "Tunde Bakare" });
  });
  it(
    "seeds a demo loan book with accounts in every days-late bucket, once",
    { timeout: 120_000 },
    async () => {
      await ensureBootstrap(backend.db, { admin: null, demoData: true });
      const { summary } = await import("../services/portfolio").then(async ({ riskFigures }) => ({
        summary: await riskFigures(backend.db, {}),
      }));
      for (const bucket of summary.buckets) expect(bucket.count, bucket.key).toBeGreaterThan(0);
      const statuses = await backend.db
        .select({ status: accounts.status })
        .from(accounts)
        .groupBy(accounts.status);
      expect(statuses.map((row) => row.status).sort()).toEqual([
        "CANCELLED",
        "COMPLETED",
        "DEFAULTED",
        "LATE",
        "ON_TIME",
        "REPOSSESSED",
        "WRITTEN_OFF",
      ]);
      const before = await backend.db.$count(accounts);
      expect(before).toBeGreaterThan(300);
      // Each sale that was not cancelled has its unit, and its credit runs to the days its tokens bought.
      const rows = await queryRows(
        backend.db,
        sql`
        select a.status, (a.sale_date + coalesce(sum(t.days), 0)::integer)::text as bought_until,
          a.credit_expiry::text as credit_expiry,
          (select max(s.credit_until)::text from device_tokens s
            where s.sale_id = a.sale_id and s.credit_until is not null) as set_until
        from accounts a
        join sale_items i on i.sale_id = a.sale_id
        join devices d on d.sale_item_id = i.id
        left join device_tokens t on t.device_id = d.id and t.kind = 'ADD_TIME'
        group by a.sale_id, a.status, a.sale_date, a.credit_expiry`,
        z.object({
          status: z.string(),
          bought_until: z.string(),
          credit_expiry: z.string().nullable(),
          set_until: z.string().nullable(),
        }),
      );
      // A repossessed account's unit is back in stock, no longer linked to it.
      expect(rows.length).toBe(
        await backend.db.$count(accounts, sql`${accounts.status} not in ('CANCELLED', 'REPOSSESSED')`),
      );
      // The restructured account's unit was set to its first new due date.
      for (const row of rows.filter((account) => account.status !== "COMPLETED"))
        expect(row.credit_expiry).toBe(row.set_until ?? row.bought_until);
      expect(rows.filter((row) => row.set_until).map((row) => row.set_until)).toEqual([
        addDays(lagosToday(), 14),
      ]);
      // History for the cohort curves: month ends since the oldest sale.
      expect(await backend.db.$count(accountSnapshots)).toBeGreaterThan(before);
      await ensureBootstrap(backend.db, { admin: null, demoData: true });
      expect(await backend.db.$count(accounts)).toBe(before);

      // The demo collector's work: accounts of their own, and a promise in every state.
      const [collector] = await backend.db
        .select()
        .from(users)
        .where(eq(users.email, "collector@example.com"));
      const worklist = await worklistCounts(backend.db, collector.id);
      expect(worklist.mine).toBeGreaterThan(0);
      expect(worklist.due).toBeGreaterThan(0);
      expect(worklist.broken).toBeGreaterThan(0);
      expect(worklist.promisesDueToday).toBeGreaterThan(0);
      const states = await queryRows(
        backend.db,
        sql`select distinct collection_promise_state(k.sale_id, k.promise_kobo, k.promise_made_at, k.promise_on,
            lagos_day(now())) as state
          from collection_cases k where k.promise_kobo is not null`,
        z.object({ state: z.string() }),
      );
      expect(states.map((row) => row.state).sort()).toEqual(["BROKEN", "KEPT", "OPEN"]);
      const contacts = await backend.db.$count(collectionContacts);
      // Contract actions: a write-off, a repossession after a first visit, a delay, a restructure; once.
      const kinds = await backend.db
        .select({ kind: accountEvents.kind })
        .from(accountEvents)
        .orderBy(accountEvents.kind);
      expect(kinds.map((row) => row.kind)).toEqual([
        "DELAY",
        "REPOSSESSED",
        "REPOSSESSION_ATTEMPT",
        "RESTRUCTURED",
        "WRITTEN_OFF",
      ]);
      await ensureBootstrap(backend.db, { admin: null, demoData: true });
      expect(await backend.db.$count(collectionContacts)).toBe(contacts);
      expect(await backend.db.$count(accountEvents)).toBe(kinds.length);
    },
  );

  it("seeds demo agents, devices and tickets in every status with their history, once", async () => {
    vi.spyOn(log, "info").mockImplementation(() => undefined);
    await ensureBootstrap(backend.db, nothing);
    expect(await backend.db.$count(agents)).toBe(0);
    expect(await backend.db.$count(devices)).toBe(0);
    await ensureBootstrap(backend.db, { admin: null, demoData: true });
    await ensureBootstrap(backend.db, { admin: null, demoData: true });
    vi.restoreAllMocks();

    const agentRows = await backend.db.select().from(agents);
    expect(agentRows.length).toBeGreaterThanOrEqual(10);
    expect(agentRows.filter((agent) => agent.status === "barred").length).toBeGreaterThan(0);
    const registered = await backend.db.select({ agentId: customers.agentId }).from(customers);
    const working = new Set(agentRows.filter((agent) => agent.status === "active").map((agent) => agent.id));
    const linked = registered.filter((row) => row.agentId !== null);
    expect(linked.length).toBeGreaterThan(5);
    for (const row of linked) expect(working.has(row.agentId as string)).toBe(true);

    const deviceRows = await backend.db.select().from(devices);
    expect(deviceRows.length).toBeGreaterThanOrEqual(30);
    const tokenable = deviceRows.filter((device) => device.isTokenable);
    expect(tokenable.length).toBeGreaterThan(10);
    expect(deviceRows.some((device) => !device.isTokenable)).toBe(true);
    for (const device of tokenable) {
      expect(device.key).toMatch(/^[0-9a-f]{32}$/);
      expect(device.startingCode).toMatch(/^\d{9}$/);
      expect(device.timeDivider).toBe(1);
    }
    // The stock's units stand at count 1 (a repossessed unit's count carries on from its reset token); the
    // loan book's sold units at the count of their last token.
    const reset = new Set(
      (
        await backend.db
          .select({ deviceId: deviceTokens.deviceId })
          .from(deviceTokens)
          .where(and(eq(deviceTokens.kind, "SET_TIME"), isNull(deviceTokens.creditUntil)))
      ).map((row) => row.deviceId),
    );
    expect(reset.size).toBe(1);
    for (const device of tokenable.filter((unit) => unit.saleItemId === null && !reset.has(unit.id)))
      expect(device.count).toBe(1);
    const sold = tokenable.filter((unit) => unit.saleItemId !== null);
    expect(sold.length).toBeGreaterThan(200);
    const lastCounts = await backend.db
      .select({ deviceId: deviceTokens.deviceId, count: sql<number>`max(${deviceTokens.count})` })
      .from(deviceTokens)
      .groupBy(deviceTokens.deviceId);
    const lastCount = new Map(lastCounts.map((row) => [row.deviceId, Number(row.count)]));
    for (const device of sold) expect(device.count).toBe(lastCount.get(device.id) ?? 0);
    expect(new Set(deviceRows.map((device) => device.key)).size).toBe(deviceRows.length);
    // Units of the demo stock's batteries and inverters, so a demo sale has devices to link.
    expect(deviceRows.every((device) => device.inventoryId !== null)).toBe(true);

    const ticketRows = await backend.db.select().from(tickets);
    expect(new Set(ticketRows.map((ticket) => ticket.status))).toEqual(
      new Set(["open", "active", "resolved", "closed"]),
    );
    for (const ticket of ticketRows) {
      // The invariant the API keeps: active tickets have someone on them, open ones nobody.
      if (ticket.status === "active") expect(ticket.assigneeId).not.toBeNull();
      if (ticket.status === "open") expect(ticket.assigneeId).toBeNull();
    }
    const events = await backend.db.select().from(ticketEvents);
    expect(events.filter((event) => event.kind === "created")).toHaveLength(ticketRows.length);
    expect(new Set(events.map((event) => event.kind))).toEqual(
      new Set(["created", "assignee", "status", "comment"]),
    );

    const token = await signIn(backend, "admin@example.com", DEMO_PASSWORD);
    const resolved = ticketRows.find((ticket) => ticket.status === "closed" && ticket.customerId);
    const detail = await (await backend.request("GET", `/api/v1/tickets/${resolved?.id}`, { token })).json();
    expect(detail.history.at(-1)).toMatchObject({ kind: "status", toStatus: "closed" });
  });
});
