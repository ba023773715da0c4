import { readFileSync } from "node:fs";
import http from "node:http";
import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { ROLE_CATALOGUE } from "./bootstrap/roles";
import { arrayParam } from "./db/bulk-insert";
import { defaultMigrationsFolder, wrapPostgresPool } from "./db/client";
import type { DatabaseHandle } from "./db/client";
import { queryRows } from "./db/query-rows";
import { accounts, messages } from "./db/schema";
import type { CustomerRow } from "./db/schema";
import { writeBook } from "./demo/book-writer";
import { addDays, lagosToday } from "./schemas/dates";
import { queueMessage } from "./services/messaging/outbox";
import { addMonths } from "./services/sale-schedule";
import { freePort, startApiProcess, whenReady } from "./test/api-process";
import type { ApiProcess } from "./test/api-process";
import { TEST_PASSWORD, makeAgent, makeUser } from "./test/factories";
import { RECIPIENT, makeCustomer, makeSellableProduct, oneOffSale } from "./test/sale-factories";
import { startAfricasTalkingFake } from "./test/sms-fakes";
import type { AfricasTalkingFake } from "./test/sms-fakes";
import { createEmptyPostgresDatabase } from "./test/test-backend";

/**
 * Several app processes on one PostgreSQL, as ops run them behind a load balancer (decision 042): real
 * processes (`backend/server.ts`) started here. PostgreSQL only — a PGlite folder has one owner — so
 * these run in CI's PostgreSQL step (`DATABASE_URL`), and are skipped in the PGlite run.
 */
const serverUrl = process.env.DATABASE_URL;
const ADMIN = { email: "admin@processes.test", password: "Admin-Processes-42" };
const COUNT = z.object({ n: z.coerce.number() });

// Caches far longer than any wait below: only the change notices can make another process see a change.
const LONG_CACHES = { READ_CACHE_MS: "600000", SESSION_CACHE_MS: "600000" };

async function signIn(on: ApiProcess, email: string, password: string) {
  const response = await fetch(`${on.base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers.get("access_token") ?? "";
}

function call(on: ApiProcess, token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${on.base}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Asks again every 25 ms until `check` holds; answers how long that took. */
async function within(ms: number, check: () => Promise<boolean>) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

describe.skipIf(!serverUrl)("two app processes on one PostgreSQL", () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let a: ApiProcess;
  let b: ApiProcess;
  let metricsPort: number;

  const count = async (query: ReturnType<typeof sql>) => (await queryRows(handle.db, query, COUNT))[0].n;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl ?? "");
    const env = {
      ...LONG_CACHES,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JOB_INTERVAL_MS: "1000",
    };
    // Spawned at the same moment on an empty database: both migrate and bootstrap, or wait for the other.
    metricsPort = await freePort();
    [a, b] = await Promise.all([
      startApiProcess(
        database.url,
        { ...env, INSTANCE_ID: "a", METRICS_PORT: String(metricsPort) },
        { ready: false },
      ),
      startApiProcess(database.url, { ...env, INSTANCE_ID: "b" }, { ready: false }),
    ]);
    await Promise.all([whenReady(a), whenReady(b)]);
    handle = wrapPostgresPool(new pg.Pool({ connectionString: database.url, max: 2 }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await handle?.close();
    await database?.drop();
  });

  it("both come up on an empty database: migrations applied once, one administrator, one set of roles", async () => {
    const journal = JSON.parse(readFileSync(`${defaultMigrationsFolder()}/meta/_journal.json`, "utf8")) as {
      entries: unknown[];
    };
    expect(await count(sql`select count(*) as n from drizzle.__drizzle_migrations`)).toBe(
      journal.entries.length,
    );
    expect(await count(sql`select count(*) as n from users`)).toBe(1);
    expect(await count(sql`select count(*) as n from roles`)).toBe(Object.keys(ROLE_CATALOGUE).length);
    expect(await count(sql`select count(*) as n from warehouses`)).toBe(1);
    expect(a.output() + b.output()).not.toMatch(/error/i);
  });

  it("a change made through one process shows through the other at once, whatever its caches hold", async () => {
    const admin = await signIn(a, ADMIN.email, ADMIN.password);
    const listed = async () =>
      (await (await call(b, admin, "/api/v1/customers")).text()).includes("ada.processes@");
    expect(await listed()).toBe(false); // now in B's cache
    const created = await call(a, admin, "/api/v1/customers/create", {
      method: "POST",
      body: {
        firstname: "Ada",
        lastname: "Processes",
        email: "ada.processes@example.test",
        phone: "08031234567",
        location: "Ikeja",
      },
    });
    expect(created.status).toBe(201);
    expect(await within(1_000, listed)).toBeLessThan(1_000);

    // A write no request made (a SQL console, a job) is heard the same way.
    const renamed = async () => (await (await call(b, admin, "/api/v1/customers")).text()).includes("Adaeze");
    await handle.db.execute(
      sql`update customers set firstname = 'Adaeze' where email = 'ada.processes@example.test'`,
    );
    expect(await within(1_000, renamed)).toBeLessThan(1_000);
  });

  it("a payment taken through one process shows in the other's sale list at once", async () => {
    const admin = await signIn(a, ADMIN.email, ADMIN.password);
    const { product, devices: units } = await makeSellableProduct(handle.db, { price: 2_000, units: 1 });
    const customer = await makeCustomer(handle.db);
    const created = await call(a, admin, "/api/v1/sales/create", {
      method: "POST",
      body: oneOffSale(customer.id, product.id, [units[0].id]),
    });
    expect(created.status).toBe(201);
    const { sale } = (await created.json()) as { sale: { id: string } };
    const balanceOnB = async () => {
      const list = (await (await call(b, admin, "/api/v1/sales/list")).json()) as {
        sales: { id: string; totalPaid: number; balance: number }[];
      };
      return list.sales.find((row) => row.id === sale.id);
    };
    const before = await balanceOnB(); // now in B's cache
    expect(before?.totalPaid).toBe(0);
    const paid = await call(a, admin, "/api/v1/sales/record-cash-payment", {
      method: "POST",
      body: { saleId: sale.id, paymentMethod: "CASH", amount: 500 },
    });
    expect(paid.status).toBe(201);
    await within(1_000, async () => (await balanceOnB())?.totalPaid === 500);
    expect((await balanceOnB())?.balance).toBe((before?.balance ?? 0) - 500);
  });

  it("a process whose notice connection was cut empties its caches and listens again", async () => {
    const admin = await signIn(a, ADMIN.email, ADMIN.password);
    const shows = (name: string) => async () =>
      (await (await call(b, admin, "/api/v1/customers")).text()).includes(name);
    await within(1_000, shows("Adaeze"));
    await handle.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'solar-back-office:notices' and pid <> pg_backend_pid()`);
    await handle.db.execute(
      sql`update customers set firstname = 'Ngozi' where email = 'ada.processes@example.test'`,
    );
    await within(1_000, shows("Ngozi"));
    // Listening again: later changes are heard as before.
    await within(
      5_000,
      async () =>
        (await count(
          sql`select count(*) as n from pg_stat_activity where application_name = 'solar-back-office:notices'`,
        )) === 2,
    );
    await handle.db.execute(
      sql`update customers set firstname = 'Ada' where email = 'ada.processes@example.test'`,
    );
    await within(1_000, shows('"firstname":"Ada"'));
  });

  it("a sign-out, a block and a removed permission through one process are refused by the other within a second", async () => {
    const admin = await signIn(a, ADMIN.email, ADMIN.password);

    const leaving = await signIn(b, ADMIN.email, ADMIN.password);
    expect((await call(b, leaving, "/api/v1/customers")).status).toBe(200);
    expect((await call(a, leaving, "/api/v1/auth/logout", { method: "POST" })).status).toBeLessThan(300);
    await within(1_000, async () => (await call(b, leaving, "/api/v1/customers")).status === 401);

    const blocked = await makeUser(handle.db, { role: "viewer" });
    const blockedToken = await signIn(b, blocked.email, TEST_PASSWORD);
    expect((await call(b, blockedToken, "/api/v1/customers")).status).toBe(200);
    const block = await call(a, admin, `/api/v1/users/${blocked.id}`, {
      method: "PATCH",
      body: { isBlocked: true },
    });
    expect(block.status).toBe(200);
    await within(1_000, async () => (await call(b, blockedToken, "/api/v1/customers")).status === 401);

    const reader = await makeUser(handle.db, { role: "viewer" });
    const readerToken = await signIn(b, reader.email, TEST_PASSWORD);
    expect((await call(b, readerToken, "/api/v1/customers")).status).toBe(200);
    // The viewer role loses read:Customers (as Settings → Roles would do it, here straight in the database).
    await handle.db.execute(sql`delete from role_permissions where role_id = ${reader.roleId}
      and permission_id in (select id from permissions where action = 'read' and subject = 'Customers')`);
    await within(1_000, async () => (await call(b, readerToken, "/api/v1/customers")).status === 403);
  });

  it("a job's round runs once across both processes, each round after the last one ended", async () => {
    // Both processes try a housekeeping round every second (JOB_INTERVAL_MS=1000).
    const since = await queryRows(handle.db, sql`select now()::text as at`, z.object({ at: z.string() }));
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const rounds = await queryRows(
      handle.db,
      sql`select round_start::text, instance, (extract(epoch from started_at) * 1000)::float8 as started_at,
          (extract(epoch from finished_at) * 1000)::float8 as finished_at from job_rounds
        where job = 'housekeeping' and started_at >= ${since[0].at}::timestamptz order by round_start`,
      z.object({
        round_start: z.string(),
        instance: z.string(),
        started_at: z.coerce.number(),
        finished_at: z.coerce.number().nullable(),
      }),
    );
    // Four or five one-second slots passed: one round each, not one per process.
    expect(rounds.length).toBeGreaterThanOrEqual(3);
    expect(rounds.length).toBeLessThanOrEqual(6);
    expect(new Set(rounds.map((round) => round.round_start)).size).toBe(rounds.length);
    for (const [earlier, later] of rounds.slice(0, -1).map((round, at) => [round, rounds[at + 1]] as const)) {
      expect(earlier.finished_at).not.toBeNull();
      expect(later.started_at).toBeGreaterThanOrEqual(earlier.finished_at ?? Number.POSITIVE_INFINITY);
    }
  });

  it("counts for Prometheus, on its own port: requests, job rounds, change notices, the pool", async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/readyz",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/job_rounds_total\{job="housekeeping",outcome="(ran|skipped)"\} [1-9]/);
    expect(text).toMatch(/read_cache_invalidations_total\{source="notice"\} [1-9]/);
    expect(text).toMatch(/db_pool_connections\{state="idle"\} \d/);
  });

  it("holds a burst of 40 wrong passwords across both processes to the limit", async () => {
    const target = await makeUser(handle.db, { role: "viewer" });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, at) =>
        fetch(`${(at % 2 ? a : b).base}/api/v1/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: target.email, password: `wrong-${at}` }),
        }).then((response) => response.status),
      ),
    );
    // 401: the guess was checked against the password; 429: refused by the limit before any check.
    const checked = answers.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + answers.filter((status) => status === 429).length).toBe(40);
  });

  it("on SIGTERM: /readyz says 503 first, a request in flight completes within the drain, then it exits 0", async () => {
    const stopping = await startApiProcess(database.url, {
      ...LONG_CACHES,
      INSTANCE_ID: "stopping",
      SHUTDOWN_DELAY_MS: "700",
      SHUTDOWN_DRAIN_MS: "5000",
    });
    const admin = await signIn(stopping, ADMIN.email, ADMIN.password);
    // An upload whose body arrives slowly: half now, the rest after the stop signal.
    const boundary = "----processes-test";
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="devices.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\nserialNumber,key\r\n${"X".repeat(2_000)}\r\n--${boundary}--\r\n`,
    );
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${stopping.base}/api/v1/device/batch-upload`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${admin}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(body.length),
        },
      });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on("error", reject);
      request.write(body.subarray(0, 100));
      setTimeout(() => request.end(body.subarray(100)), 1_500);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exit = stopping.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${stopping.base}/readyz`)).status).toBe(503);
    const answer = await answered;
    // The file is refused or taken: either way the server read it all and answered.
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(500);
    expect(JSON.parse(answer.body)).toBeTypeOf("object");
    expect(await exit).toBe(0);
  });
});

// The outbox (decision 043) as ops run it: every process polls it, all of them send through one gateway (a
// local Africa's Talking fake here), and any of them may die between a payment's commit and its message's send.
describe.skipIf(!serverUrl)("customer messages with two app processes on one PostgreSQL", () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let fake: AfricasTalkingFake;
  const running: ApiProcess[] = [];

  const count = async (query: ReturnType<typeof sql>) => (await queryRows(handle.db, query, COUNT))[0].n;
  /** Every process here sends through Africa's Talking, and all of them to the one local fake. */
  const gateway = () => ({
    SMS_PROVIDER: "africastalking",
    AT_USERNAME: fake.username,
    AT_API_KEY: fake.apiKey,
    AT_BASE_URL: fake.url,
  });
  /** Spawned at one moment, then waited for; each test's processes are stopped after it. */
  const startAll = async (...envs: Record<string, string>[]) => {
    const spawned = await Promise.all(
      envs.map((env) =>
        startApiProcess(
          database.url,
          { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
          { ready: false },
        ),
      ),
    );
    running.push(...spawned);
    await Promise.all(spawned.map((started) => whenReady(started)));
    return spawned;
  };
  const timesSentTo = (recipient: string) =>
    fake.received.filter((sent) => sent.to === `+${recipient}`).length;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl ?? "");
    handle = wrapPostgresPool(new pg.Pool({ connectionString: database.url, max: 2 }));
    fake = await startAfricasTalkingFake();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((started) => started.stop()));
  });

  afterAll(async () => {
    await Promise.all(running.splice(0).map((started) => started.stop()));
    await handle?.close();
    await fake?.close();
    await database?.drop();
  });

  it("two processes polling one outbox send every message once: none twice, none missing", async () => {
    // Several claims' batches (100 each), so both workers find rows to take while the other is sending.
    const MANY = 600;
    const [metricsA, metricsB] = await Promise.all([freePort(), freePort()]);
    await startAll(
      { ...gateway(), MESSAGE_POLL_MS: "200", INSTANCE_ID: "send-a", METRICS_PORT: String(metricsA) },
      { ...gateway(), MESSAGE_POLL_MS: "200", INSTANCE_ID: "send-b", METRICS_PORT: String(metricsB) },
    );
    const people: CustomerRow[] = [];
    for (let made = 0; made < MANY; made += 1)
      people.push(await makeCustomer(handle.db, { firstname: "Outbox" }));
    const receivedBefore = fake.received.length;
    // One transaction: every row shows to both workers at the same moment.
    await handle.db.transaction(async (tx) => {
      for (const person of people)
        await queueMessage(tx, {
          kind: "MANUAL",
          customerId: person.id,
          body: "Hello {customerName}, your solar credit is running low.",
          transactional: false,
        });
    });
    const ids = people.map((person) => person.id);
    await within(
      60_000,
      async () =>
        (await count(
          sql`select count(*) as n from messages where status = 'QUEUED' and customer_id = any(${arrayParam(ids)}::text[])`,
        )) === 0,
    );

    const rows = await handle.db
      .select({ recipient: messages.recipient, status: messages.status, attempts: messages.attempts })
      .from(messages)
      .where(inArray(messages.customerId, ids));
    expect(rows).toHaveLength(MANY);
    expect(rows.filter((row) => row.status !== "SENT" || row.attempts !== 1)).toEqual([]);
    const received = fake.received.slice(receivedBefore);
    expect(received).toHaveLength(MANY);
    const times = new Map<string | null, number>();
    for (const sent of received) times.set(sent.to, (times.get(sent.to) ?? 0) + 1);
    expect([...times.keys()].sort()).toEqual(rows.map((row) => `+${row.recipient}`).sort());
    expect([...times.values()].filter((n) => n !== 1)).toEqual([]);

    // Each process counts what it sent: together, every message, and nothing retried or failed.
    const outcomes = async (port: number) => {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const of = (outcome: string) =>
        Number(text.match(new RegExp(`outbox_messages_total\\{outcome="${outcome}"\\} (\\d+)`))?.[1] ?? 0);
      return { sent: of("sent"), retried: of("retried"), failed: of("failed") };
    };
    // A worker counts its sends once its round has ended, a moment after the rows say SENT.
    await within(5_000, async () => {
      const [a, b] = await Promise.all([outcomes(metricsA), outcomes(metricsB)]);
      return a.sent + b.sent === MANY;
    });
    const [a, b] = await Promise.all([outcomes(metricsA), outcomes(metricsB)]);
    expect(a.retried + b.retried + a.failed + b.failed).toBe(0);
  }, 180_000);

  it("a payment's message committed by a process killed before it sent is sent once by another", async () => {
    // A poll far longer than the test: this process never sends.
    const [a] = await startAll({ ...gateway(), MESSAGE_POLL_MS: "600000", INSTANCE_ID: "crashing" });
    const admin = await signIn(a, ADMIN.email, ADMIN.password);
    const { product, devices: units } = await makeSellableProduct(handle.db, { price: 2_000, units: 1 });
    const customer = await makeCustomer(handle.db);
    const created = await call(a, admin, "/api/v1/sales/create", {
      method: "POST",
      body: oneOffSale(customer.id, product.id, [units[0].id]),
    });
    expect(created.status).toBe(201);
    const { sale } = (await created.json()) as { sale: { id: string } };
    const paid = await call(a, admin, "/api/v1/sales/record-cash-payment", {
      method: "POST",
      body: { saleId: sale.id, paymentMethod: "CASH", amount: 500 },
    });
    expect(paid.status).toBe(201);
    const messagesOf = () => handle.db.select().from(messages).where(eq(messages.customerId, customer.id));
    const [queued, ...others] = await messagesOf();
    expect(others).toEqual([]);
    expect(queued).toMatchObject({ saleId: sale.id, status: "QUEUED", attempts: 0, claimedUntil: null });

    expect(await a.stop("SIGKILL")).toBeNull();
    expect(timesSentTo(queued.recipient)).toBe(0);
    await startAll({ ...gateway(), MESSAGE_POLL_MS: "200", INSTANCE_ID: "after-the-crash" });
    await within(30_000, async () => (await messagesOf())[0].status === "SENT");
    // Several more of its polls: the message does not go again.
    await pause(1_500);
    const [sent, ...more] = await messagesOf();
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ id: queued.id, status: "SENT", attempts: 1, provider: "africastalking" });
    expect(timesSentTo(sent.recipient)).toBe(1);
  }, 180_000);

  it("a reminder round runs once across both processes: one reminder per account, however many rounds", async () => {
    const ACCOUNTS = 12;
    const N = 100_000;
    const today = lagosToday();
    await startAll(
      { JOB_INTERVAL_MS: "1000", INSTANCE_ID: "remind-a" },
      { JOB_INTERVAL_MS: "1000", INSTANCE_ID: "remind-b" },
    );
    // The day's roll refreshes every open account's credit expiry from its payments: the accounts are
    // made after it, so the expiry set below is the one the reminder rounds read.
    await within(
      30_000,
      async () =>
        (await count(sql`select count(*) as n from loan_book_rolls where day = ${today}::date`)) === 1,
    );
    const { product } = await makeSellableProduct(handle.db, { units: ACCOUNTS, price: 10_000 });
    const agent = await makeAgent(handle.db, { firstname: "Remi", lastname: "Processes" });
    const people: CustomerRow[] = [];
    for (let made = 0; made < ACCOUNTS; made += 1)
      people.push(await makeCustomer(handle.db, { firstname: "Tolu" }));
    const moment = async () =>
      (await queryRows(handle.db, sql`select now()::text as at`, z.object({ at: z.string() })))[0].at;
    const before = await moment();
    // One transaction: no round sees the accounts before their credit expiry is three days away.
    const saleIds = await handle.db.transaction(async (tx) => {
      const ids = await writeBook(
        tx,
        people.map((person) => ({
          customerId: person.id,
          agentId: agent.id,
          productId: product.id,
          recipient: RECIPIENT,
          saleDate: addMonths(today, -2),
          depositKobo: N,
          monthlyKobo: N,
          months: 12,
          payments: [{ date: addMonths(today, -2), kobo: N }],
        })),
        today,
      );
      await tx
        .update(accounts)
        .set({ creditExpiry: addDays(today, 3), status: "ON_TIME" })
        .where(inArray(accounts.saleId, ids));
      return ids;
    });
    const made = await moment();
    // Rounds every second in either process; wait for several begun once the accounts were there.
    await within(
      30_000,
      async () =>
        (await count(sql`select count(*) as n from job_rounds where job = 'housekeeping'
          and started_at > ${made}::timestamptz and finished_at is not null`)) >= 4,
    );

    const reminders = await queryRows(
      handle.db,
      sql`select sale_id, kind, count(*) as n from messages
        where sale_id = any(${arrayParam(saleIds)}::text[]) group by sale_id, kind`,
      z.object({ sale_id: z.string(), kind: z.string(), n: z.coerce.number() }),
    );
    expect(reminders.map((row) => row.sale_id).sort()).toEqual([...saleIds].sort());
    expect(reminders.filter((row) => row.kind !== "REMINDER_BEFORE" || row.n !== 1)).toEqual([]);
    // What the rounds say they queued is what is there: no two rounds read the same accounts at once (the
    // unique key would have hidden a second insert, not its count).
    const [rounds] = await queryRows(
      handle.db,
      sql`select coalesce(sum((work->>'reminders.queued')::int), 0) as queued
        from job_rounds where job = 'housekeeping' and finished_at >= ${before}::timestamptz`,
      z.object({ queued: z.coerce.number() }),
    );
    const written = await count(
      sql`select count(*) as n from messages where kind like 'REMINDER%' and created_at >= ${before}::timestamptz`,
    );
    expect(written).toBeGreaterThanOrEqual(ACCOUNTS);
    expect(rounds.queued).toBe(written);
  }, 180_000);
});
