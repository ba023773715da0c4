import { eq, sql } from "drizzle-orm";
import { COUNTED_AREAS } from "../areas";
import { customers, devices, recordCountChanges, tickets, users } from "../db/schema";
import { makeAgent, makeCustomer, makeDevice, makeTicket, makeUser } from "../test/factories";
import { makeWarehouse } from "../test/stock-factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";
import { foldRecordCounts, readRecordCounts } from "./record-counts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

const SOFTLY_DELETED = new Set(["users", "customers", "warehouses", "agents"]);

/** What the counters must say: each counted table counted the slow way. */
async function countedTheSlowWay() {
  const live = new Map<string, number>();
  for (const { counter } of COUNTED_AREAS) {
    const [row] = await backend.db
      .select({ total: sql<number>`count(*)::int` })
      .from(sql`${sql.identifier(counter)}`)
      .where(SOFTLY_DELETED.has(counter) ? sql`deleted_at is null` : undefined);
    live.set(counter, row.total);
  }
  return live;
}

async function expectCountersToMatch() {
  const counted = await readRecordCounts(backend.db);
  const live = await countedTheSlowWay();
  for (const [counter, total] of live)
    expect({ counter, total: counted.get(counter) ?? 0 }).toEqual({ counter, total });
}

describe("record counters", () => {
  it("match the tables through inserts, soft deletes, restores and deletes, one row or many", async () => {
    await expectCountersToMatch();
    const [kept, deleted, restored] = await Promise.all([
      makeCustomer(backend.db),
      makeCustomer(backend.db),
      makeCustomer(backend.db),
    ]);
    await backend.db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, deleted.id));
    await backend.db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, restored.id));
    await backend.db.update(customers).set({ deletedAt: null }).where(eq(customers.id, restored.id));
    // An update that neither deletes nor restores moves no counter.
    await backend.db.update(customers).set({ location: "Ibadan" }).where(eq(customers.id, kept.id));
    const staff = await makeUser(backend.db);
    await backend.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, staff.id));
    await makeAgent(backend.db);
    await makeWarehouse(backend.db);
    const device = await makeDevice(backend.db);
    await makeDevice(backend.db);
    await backend.db.delete(devices).where(eq(devices.id, device.id));
    await Promise.all(Array.from({ length: 12 }, () => makeTicket(backend.db)));
    await expectCountersToMatch();
    // A deleted customer's row, removed for good, was no longer counted.
    await backend.db.delete(customers).where(eq(customers.id, deleted.id));
    await expectCountersToMatch();
  });

  it("fold their change log into one row per counter without changing a count", async () => {
    await Promise.all(Array.from({ length: 5 }, () => makeTicket(backend.db)));
    const before = await readRecordCounts(backend.db);
    await backend.db
      .insert(recordCountChanges)
      .values(Array.from({ length: 600 }, (_, index) => ({ counter: "tickets", delta: index % 2 ? 1 : -1 })));
    // This read sees more than 500 changes: it answers from them, then folds them.
    expect(await readRecordCounts(backend.db)).toEqual(before);
    const rows = await backend.db.$count(recordCountChanges);
    expect(rows).toBe(before.size);
    await foldRecordCounts(backend.db);
    expect(await readRecordCounts(backend.db)).toEqual(before);
    await expectCountersToMatch();
  });

  it("start again from zero when a table is emptied at once", async () => {
    await makeTicket(backend.db);
    await backend.db.execute(sql`truncate ${tickets} cascade`);
    expect((await readRecordCounts(backend.db)).get("tickets") ?? 0).toBe(0);
    await makeTicket(backend.db);
    await expectCountersToMatch();
  });
});
