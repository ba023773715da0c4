import { isNull } from "drizzle-orm";
import { COUNTED_AREAS } from "../areas";
import { auditLog, users } from "../db/schema";
import { ActivityListSchema } from "../schemas/activity";
import { OverviewSchema } from "../schemas/overview";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  expectExactly,
  makeRole,
  makeUser,
  signedInAs,
} from "../test/factories";
import { startOfLagosDay as startOfBusinessDay } from "../schemas/dates";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

let backend: TestBackend;
let adminToken: string;
let admin: Awaited<ReturnType<typeof signedInAs>>["user"];

beforeAll(async () => {
  backend = await createTestBackend();
  ({ user: admin, token: adminToken } = await signedInAs(backend, "admin"));
});
afterAll(() => backend.close());

describe("GET /api/v1/activity", () => {
  it("lists audit rows newest first with the actor's name", async () => {
    const user = await makeUser(backend.db, { firstname: "Musa", lastname: "Garba" });
    await backend.request("PATCH", `/api/v1/users/${user.id}`, {
      token: adminToken,
      body: { location: "Zaria" },
    });
    await backend.request("DELETE", `/api/v1/users/${user.id}`, { token: adminToken });

    const response = await backend.request("GET", "/api/v1/activity?limit=2", { token: adminToken });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(ActivityListSchema, body);
    expect(body.activity.map((item: { action: string }) => item.action)).toEqual(["delete", "update"]);
    expect(body.activity[0]).toMatchObject({
      subject: "Users",
      recordId: user.id,
      actorId: admin.id,
      actorName: `${admin.firstname} ${admin.lastname}`,
      summary: expect.stringContaining("Musa Garba"),
    });
    expect(body).toMatchObject({ page: 1, limit: 2, total: await backend.db.$count(auditLog) });
    expect(body.totalPages).toBe(Math.ceil(body.total / 2));
  });

  it("names no actor for anonymous events", async () => {
    const user = await makeUser(backend.db);
    await backend.request("POST", "/api/v1/auth/forgot-password", { body: { email: user.email } });
    // The request is recorded with its mail, after the answer.
    await backend.settled();
    const body = await (
      await backend.request("GET", "/api/v1/activity?limit=1", { token: adminToken })
    ).json();
    expect(body.activity[0]).toMatchObject({
      action: "request-password-reset",
      actorId: null,
      actorName: null,
    });
  });

  it("searches summaries and pages like every list", async () => {
    const body = await (
      await backend.request("GET", "/api/v1/activity?search=musa", { token: adminToken })
    ).json();
    expect(body.total).toBe(2);
    expect((await backend.request("GET", "/api/v1/activity?page=0", { token: adminToken })).status).toBe(400);
    expect((await backend.request("GET", "/api/v1/activity?limit=101", { token: adminToken })).status).toBe(
      400,
    );
    const empty = await (
      await backend.request("GET", "/api/v1/activity?page=500", { token: adminToken })
    ).json();
    expect(empty.activity).toEqual([]);
  });

  it("answers 403 to a viewer and 401 without a token", async () => {
    const { token } = await signedInAs(backend, "viewer");
    const refused = await backend.request("GET", "/api/v1/activity", { token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    const anonymous = await backend.request("GET", "/api/v1/activity");
    expect(await anonymous.json()).toEqual(UNAUTHORIZED_BODY);
  });
});

describe("GET /api/v1/overview", () => {
  it("counts staff for a caller who may read them", async () => {
    const response = await backend.request("GET", "/api/v1/overview", { token: adminToken });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(OverviewSchema, body);
    expect(body.counts.users).toBe(await backend.db.$count(users, isNull(users.deletedAt)));
    expect(body.unseenActivity).toEqual(expect.any(Number));
  });

  it("counts only today's activity, by the Lagos clock", () => {
    expect(startOfBusinessDay(new Date("2026-03-03T22:59:00Z")).toISOString()).toBe(
      "2026-03-02T23:00:00.000Z",
    );
    expect(startOfBusinessDay(new Date("2026-03-03T23:00:00Z")).toISOString()).toBe(
      "2026-03-03T23:00:00.000Z",
    );
  });

  it("leaves out the areas the caller may not read", async () => {
    const { token } = await signedInAs(backend, (await makeRole(backend.db, "reads nothing", [])).id);
    const response = await backend.request("GET", "/api/v1/overview", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ counts: {}, unseenActivity: 0 });
    // The seeded inventory role manages stock and devices and reads sales: those areas, no other.
    const { token: inventoryToken } = await signedInAs(backend, "inventory");
    const counted = await (
      await backend.request("GET", "/api/v1/overview", { token: inventoryToken })
    ).json();
    expect(Object.keys(counted.counts).sort()).toEqual([
      "devices",
      "inventory",
      "products",
      "sales",
      "warehouses",
    ]);
  });

  it("honours read:all", async () => {
    const role = await makeRole(backend.db, "reader", ["read:all"]);
    const { token } = await signedInAs(backend, role.id);
    const body = await (await backend.request("GET", "/api/v1/overview", { token })).json();
    // The portfolio's and collections' figures too: read:all reads both. No account is active, so no PAR 30.
    expect(Object.keys(body.counts).sort()).toEqual(
      [
        ...COUNTED_AREAS.map((area) => area.key),
        "portfolioLateToday",
        "collectionsLate",
        "collectionsPromisesDue",
      ].sort(),
    );
  });

  it("gives the late accounts and promises due today only to those who may read collections", async () => {
    const collector = await signedInAs(backend, "collector");
    const sales = await signedInAs(backend, "sales");
    const counts = async (token: string) =>
      (await (await backend.request("GET", "/api/v1/overview", { token })).json()).counts;
    expect(await counts(collector.token)).toMatchObject({ collectionsLate: 0, collectionsPromisesDue: 0 });
    expect(await counts(sales.token)).not.toHaveProperty("collectionsLate");
  });

  it("gives the portfolio's PAR 30 and newly late accounts only to those who may read the portfolio", async () => {
    const manager = await signedInAs(backend, "manager");
    const sales = await signedInAs(backend, "sales");
    const counts = async (token: string) =>
      (await (await backend.request("GET", "/api/v1/overview", { token })).json()).counts;
    expect(await counts(manager.token)).toMatchObject({ portfolioLateToday: 0 });
    expect(await counts(sales.token)).not.toHaveProperty("portfolioLateToday");
  });

  it("needs a signed-in caller", async () => {
    expect((await backend.request("GET", "/api/v1/overview")).status).toBe(401);
  });
});

describe("the Action Center", () => {
  const overview = async (token: string) =>
    (await (await backend.request("GET", "/api/v1/overview", { token })).json()) as {
      unseenActivity: number;
    };
  const notifications = async (token: string) =>
    (await (await backend.request("GET", "/api/v1/activity/notifications", { token })).json()) as {
      activity: { action: string; summary: string; unseen: boolean; actorId: string | null }[];
      total: number;
    };

  it("counts others' changes since it was last opened, leaving out sign-ins and one's own changes", async () => {
    const { user: reader, token } = await signedInAs(backend, "admin");
    await backend.request("POST", "/api/v1/activity/notifications/seen", { token });
    expect((await overview(token)).unseenActivity).toBe(0);

    // A morning of sign-ins needs nobody's attention.
    for (let i = 0; i < 3; i++) await signedInAs(backend, "sales");
    // The reader's own change is not news to them.
    const mine = await makeUser(backend.db);
    await backend.request("PATCH", `/api/v1/users/${mine.id}`, { token, body: { location: "Jos" } });
    expect((await overview(token)).unseenActivity).toBe(0);

    // A colleague's changes are.
    const colleague = await makeUser(backend.db, { firstname: "Colleague" });
    await backend.request("PATCH", `/api/v1/users/${colleague.id}`, {
      token: adminToken,
      body: { location: "Kano" },
    });
    await backend.request("PATCH", `/api/v1/users/${colleague.id}`, {
      token: adminToken,
      body: { location: "Kaduna" },
    });
    expect((await overview(token)).unseenActivity).toBe(2);

    const listed = await notifications(token);
    expect(listed.activity.slice(0, 2).map((entry) => entry.unseen)).toEqual([true, true]);
    expect(listed.activity.every((entry) => entry.action !== "login" && entry.actorId !== reader.id)).toBe(
      true,
    );

    // Opening it makes them seen.
    const seen = await backend.request("POST", "/api/v1/activity/notifications/seen", { token });
    expect(seen.status).toBe(200);
    expect((await overview(token)).unseenActivity).toBe(0);
    expect((await notifications(token)).activity.some((entry) => entry.unseen)).toBe(false);
  });

  it("shows only changes to records the caller may read", async () => {
    const { token } = await signedInAs(backend, "viewer");
    await backend.request("POST", "/api/v1/activity/notifications/seen", { token });
    const someone = await makeUser(backend.db);
    await backend.request("PATCH", `/api/v1/users/${someone.id}`, {
      token: adminToken,
      body: { location: "Ilorin" },
    });
    // Staff changes are not the viewer's to read; a new customer is.
    expect((await overview(token)).unseenActivity).toBe(0);
    await backend.request("POST", "/api/v1/customers/create", {
      token: adminToken,
      body: {
        firstname: "Nkechi",
        lastname: "Obi",
        email: `nkechi-${someone.id.slice(0, 6)}@example.test`,
        phone: `0815${someone.id.replace(/\D/g, "").padEnd(7, "1").slice(0, 7)}`,
        location: "Onitsha",
      },
    });
    expect((await overview(token)).unseenActivity).toBe(1);
    const listed = await notifications(token);
    expect(listed.activity.every((entry) => !entry.summary.includes("Ilorin"))).toBe(true);
    expect(listed.activity[0]).toMatchObject({ action: "create", unseen: true });
  });

  it("searches what an entry shows, its summary and who made the change, and leaves them unseen", async () => {
    const { token } = await signedInAs(backend, "admin");
    await backend.request("POST", "/api/v1/activity/notifications/seen", { token });
    const tag = Date.now().toString(36);
    const writer = await signedInAs(backend, "admin", { firstname: "Zainab", lastname: `Quadri${tag}` });
    const target = await makeUser(backend.db, { firstname: "Emeka", lastname: `Okafor${tag}` });
    await backend.request("PATCH", `/api/v1/users/${target.id}`, {
      token: writer.token,
      body: { location: "Calabar" },
    });
    const other = await makeUser(backend.db, { firstname: "Bisi", lastname: `Adeyemi${tag}` });
    await backend.request("PATCH", `/api/v1/users/${other.id}`, {
      token: adminToken,
      body: { location: "Warri" },
    });
    const search = async (term: string, extra = "") => {
      const response = await backend.request(
        "GET",
        `/api/v1/activity/notifications?search=${encodeURIComponent(term)}${extra}`,
        { token },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as Awaited<ReturnType<typeof notifications>> & { totalPages: number };
    };

    // By the summary's words, in any case.
    const bySummary = await search(`okafor${tag}`);
    expect(bySummary.total).toBe(1);
    expect(bySummary.activity[0]).toMatchObject({ actorId: writer.user.id, unseen: true });
    expect(bySummary.activity[0].summary).toContain(`Okafor${tag}`);
    // By who made the change: the writer's entry, not the admin's.
    const byActor = await search(`zainab quadri${tag}`);
    expect(byActor.total).toBe(1);
    expect(byActor.activity[0].summary).toContain(`Okafor${tag}`);
    // Both entries share the tag; pages count the matches only.
    const both = await search(tag, "&limit=1");
    expect(both).toMatchObject({ total: 2, totalPages: 2 });
    expect((await search(`nobody-${tag}`)).total).toBe(0);
    // `%` and `_` are meant literally, and listing never marks anything seen.
    expect((await search("%")).total).toBe(0);
    expect((await overview(token)).unseenActivity).toBeGreaterThanOrEqual(2);
  });

  it("needs a signed-in caller", async () => {
    expect((await backend.request("GET", "/api/v1/activity/notifications")).status).toBe(401);
    expect((await backend.request("POST", "/api/v1/activity/notifications/seen")).status).toBe(401);
  });
});
