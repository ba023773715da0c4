import { isNull } from "drizzle-orm";
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
import { startOfBusinessDay } from "../services/overview";
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
    // The admin's own sign-in is today's activity at least.
    expect(body.counts.activityToday).toBeGreaterThanOrEqual(1);
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
    const { token } = await signedInAs(backend, "inventory");
    const response = await backend.request("GET", "/api/v1/overview", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ counts: {} });
  });

  it("honours read:all", async () => {
    const role = await makeRole(backend.db, "reader", ["read:all"]);
    const { token } = await signedInAs(backend, role.id);
    const body = await (await backend.request("GET", "/api/v1/overview", { token })).json();
    expect(Object.keys(body.counts).sort()).toEqual(["activityToday", "customers", "users"]);
  });

  it("needs a signed-in caller", async () => {
    expect((await backend.request("GET", "/api/v1/overview")).status).toBe(401);
  });
});
