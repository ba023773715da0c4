import { and, eq, isNull } from "drizzle-orm";
import { auditLog, users } from "../db/schema";
import { UserListSchema, UserRecordSchema } from "../schemas/users";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeRole,
  makeUser,
  roleIdByName,
  signIn,
  signedInAs,
} from "../test/factories";

const { backend, team } = await backendWithTeam();

const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });
const patch = (path: string, body: unknown, token = team.admin.token) =>
  backend.request("PATCH", path, { token, body });

describe("GET /api/v1/users", () => {
  it("answers a page of exact user records, newest first, without deleted staff", async () => {
    const older = await makeUser(backend.db, {
      firstname: "Older",
      createdAt: new Date(Date.now() + 60_000),
    });
    const newer = await makeUser(backend.db, {
      firstname: "Newer",
      createdAt: new Date(Date.now() + 120_000),
    });
    const deleted = await makeUser(backend.db, {
      createdAt: new Date(Date.now() + 180_000),
      deletedAt: new Date(),
    });

    const response = await get("/api/v1/users?limit=2");
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(UserListSchema, body);
    for (const user of body.users) expectExactly(UserRecordSchema, user);
    expect(body.users.map((user: { id: string }) => user.id)).toEqual([newer.id, older.id]);
    expect(body).toMatchObject({ page: 1, limit: 2 });

    expect(body.total).toBe(await backend.db.$count(users, isNull(users.deletedAt)));
    expect(body.totalPages).toBe(Math.ceil(body.total / 2));
    expect(JSON.stringify(body)).not.toContain(deleted.id);
  });

  it("defaults to page 1 of 20", async () => {
    const body = await (await get("/api/v1/users")).json();
    expect(body).toMatchObject({ page: 1, limit: 20 });
  });

  it("searches names, e-mail and phone without regard to case", async () => {
    const user = await makeUser(backend.db, {
      firstname: "Oluwaseun",
      lastname: "Zubairu",
      phone: "09098765432",
    });
    for (const search of ["oluwa", "ZUBAIRU", "seun zub", user.email.slice(0, 12).toUpperCase(), "0909876"]) {
      const body = await (await get(`/api/v1/users?search=${encodeURIComponent(search)}`)).json();
      expect(body.users.map((found: { id: string }) => found.id)).toEqual([user.id]);
      expect(body.total).toBe(1);
    }
  });

  it("takes % and _ in a search literally", async () => {
    const body = await (await get(`/api/v1/users?search=${encodeURIComponent("%")}`)).json();
    expect(body.total).toBe(0);
  });

  it("filters by status and ignores empty parameters", async () => {
    const pending = await makeUser(backend.db, { password: null, lastname: "Pendingfilter" });
    const body = await (await get("/api/v1/users?status=inactive&search=pendingfilter&page=")).json();
    expect(body.users.map((user: { id: string }) => user.id)).toEqual([pending.id]);
    expect((await get("/api/v1/users?status=asleep")).status).toBe(400);
  });

  it("refuses page 0 and limit 101, and answers an empty page past the end", async () => {
    const pageZero = await get("/api/v1/users?page=0");
    expect(pageZero.status).toBe(400);
    expect(await pageZero.json()).toEqual({
      statusCode: 400,
      message: ["page: page must be 1 or more"],
      error: "Bad Request",
      fieldErrors: { page: ["page must be 1 or more"] },
    });

    const tooMany = await get("/api/v1/users?limit=101");
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ fieldErrors: { limit: ["limit must be at most 100"] } });

    expect((await get("/api/v1/users?page=abc")).status).toBe(400);

    const pastTheEnd = await get("/api/v1/users?page=999&limit=100");
    expect(pastTheEnd.status).toBe(200);
    const body = await pastTheEnd.json();
    expect(body.users).toEqual([]);
    expect(body.page).toBe(999);
    expect(body.total).toBeGreaterThan(0);
  });
});

describe("GET /api/v1/users/single[/:id]", () => {
  it("answers the caller's own record to any signed-in user", async () => {
    const response = await get("/api/v1/users/single", team.viewer.token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(UserRecordSchema, body);
    expect(body.role.role).toBe("viewer");
  });

  it("answers one staff member by id", async () => {
    const user = await makeUser(backend.db, { role: "support" });
    const response = await get(`/api/v1/users/single/${user.id}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(UserRecordSchema, body);
    expect(body).toMatchObject({
      id: user.id,
      firstname: user.firstname,
      email: user.email,
      username: null,
      staffId: null,
      lastLogin: null,
      deletedAt: null,
      role: { role: "support", active: true, deleted_at: null },
    });
    expect(body.createdAt).toBe(user.createdAt.toISOString());
  });

  it("answers 404 for unknown and deleted staff", async () => {
    const deleted = await makeUser(backend.db, { deletedAt: new Date() });
    for (const id of ["no-such-id", deleted.id]) {
      const response = await get(`/api/v1/users/single/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: 404,
        message: "User not found",
        error: "Not Found",
      });
    }
  });
});

describe("PATCH /api/v1/users/:id", () => {
  it("updates the given fields, normalised, and writes the audit row", async () => {
    const user = await makeUser(backend.db);
    const response = await patch(`/api/v1/users/${user.id}`, {
      firstname: "  Chinedu ",
      email: "Chinedu.New@Example.test",
      phone: "0803 000 1111",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(UserRecordSchema, body);
    expect(body).toMatchObject({
      firstname: "Chinedu",
      email: "chinedu.new@example.test",
      phone: "08030001111",
    });

    const [audit] = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, user.id), eq(auditLog.action, "update")));
    expect(audit).toMatchObject({ actorId: team.admin.user.id, subject: "Users" });
    expect(audit.changes).toMatchObject({ firstname: { from: "Test", to: "Chinedu" } });
    expect(audit.summary).toContain("firstname");
  });

  it("refuses an empty update", async () => {
    const user = await makeUser(backend.db);
    const response = await patch(`/api/v1/users/${user.id}`, {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: "At least one field must be provided to update",
      error: "Bad Request",
    });
  });

  it("refuses an address another staff member uses", async () => {
    const user = await makeUser(backend.db);
    const other = await makeUser(backend.db);
    const response = await patch(`/api/v1/users/${user.id}`, { email: other.email });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fieldErrors: { email: ["Email already exists"] } });
    expect((await patch(`/api/v1/users/${user.id}`, { email: user.email.toUpperCase() })).status).toBe(200);
  });

  it("validates fields, and drops unknown ones without storing them", async () => {
    const user = await makeUser(backend.db);
    const response = await patch(`/api/v1/users/${user.id}`, {
      email: "bad",
      role: "admin",
      isBlocked: "yes",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: ["email: Invalid email format", "isBlocked: Expected boolean, received string"],
      error: "Bad Request",
      fieldErrors: {
        email: ["Invalid email format"],
        isBlocked: ["Expected boolean, received string"],
      },
    });

    const dropped = await patch(`/api/v1/users/${user.id}`, {
      location: "Kano",
      roleId: await roleIdByName(backend.db, "admin"),
      status: "barred",
      passwordHash: "scrypt$chosen",
    });
    expect(dropped.status).toBe(200);
    const [row] = await backend.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ location: "Kano", roleId: user.roleId, status: user.status });
    expect(row.passwordHash).not.toBe("scrypt$chosen");
  });

  it("blocks and unblocks; blocking signs the user out", async () => {
    const user = await makeUser(backend.db);
    const userToken = await signIn(backend, user.email);

    const blocked = await patch(`/api/v1/users/${user.id}`, { email: user.email, isBlocked: true });
    expect(blocked.status).toBe(200);
    expect((await blocked.json()).isBlocked).toBe(true);
    expect((await get("/api/v1/users/single", userToken)).status).toBe(401);

    const unblocked = await patch(`/api/v1/users/${user.id}`, { isBlocked: false });
    expect((await unblocked.json()).isBlocked).toBe(false);
    await signIn(backend, user.email);

    const actions = await backend.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordId, user.id));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(["block", "unblock"]));
  });

  it("does not let an administrator block themselves", async () => {
    const response = await patch(`/api/v1/users/${team.admin.user.id}`, { isBlocked: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "You cannot block your own account" });
  });

  it("answers 404 for an unknown user", async () => {
    expect((await patch("/api/v1/users/no-such-id", { firstname: "X" })).status).toBe(404);
  });
});

describe("PATCH /api/v1/users (own profile)", () => {
  it("updates the caller without any users permission", async () => {
    const { user, token } = await signedInAs(backend, "viewer");
    const response = await patch("/api/v1/users", { location: "Jos" }, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, location: "Jos" });
  });

  it("cannot change the block flag: it is dropped, with nothing else left to change", async () => {
    const { user, token } = await signedInAs(backend, "viewer");
    const alone = await patch("/api/v1/users", { isBlocked: true }, token);
    expect(alone.status).toBe(400);
    expect(await alone.json()).toMatchObject({ message: "At least one field must be provided to update" });

    const beside = await patch("/api/v1/users", { isBlocked: true, location: "Jos" }, token);
    expect(beside.status).toBe(200);
    expect(await beside.json()).toMatchObject({ id: user.id, isBlocked: false, location: "Jos" });
  });
});

describe("DELETE /api/v1/users/:id", () => {
  it("hides the user, signs them out, keeps the row and writes the audit row", async () => {
    const user = await makeUser(backend.db);
    const userToken = await signIn(backend, user.email);
    const response = await backend.request("DELETE", `/api/v1/users/${user.id}`, { token: team.admin.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "User deleted successfully" });

    expect((await get(`/api/v1/users/single/${user.id}`)).status).toBe(404);
    expect((await get("/api/v1/users/single", userToken)).status).toBe(401);
    const [row] = await backend.db.select().from(users).where(eq(users.id, user.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, user.id), eq(auditLog.action, "delete")));
    expect(audit).toHaveLength(1);
    expect(
      (await backend.request("DELETE", `/api/v1/users/${user.id}`, { token: team.admin.token })).status,
    ).toBe(404);
  });

  it("does not let an administrator delete themselves", async () => {
    const response = await backend.request("DELETE", `/api/v1/users/${team.admin.user.id}`, {
      token: team.admin.token,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "You cannot delete your own account" });
  });
});

describe("permissions", () => {
  const refusedForViewer: [string, string, unknown?][] = [
    ["GET", "/api/v1/users"],
    ["GET", "/api/v1/users/single/some-id"],
    ["PATCH", "/api/v1/users/some-id", { firstname: "X" }],
    ["DELETE", "/api/v1/users/some-id"],
    ["POST", "/api/v1/auth/add-user", {}],
  ];

  it.each(refusedForViewer)("%s %s answers 403 to a viewer", async (method, path, body) => {
    const response = await backend.request(method, path, { token: team.viewer.token, body });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
  });

  it.each(refusedForViewer)("%s %s answers 401 without a token", async (method, path, body) => {
    const response = await backend.request(method, path, { body });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED_BODY);
  });

  it("follows role changes on the very next request", async () => {
    const role = await makeRole(backend.db, "auditor", ["read:Users"]);
    const { user, token } = await signedInAs(backend, role.id);
    expect((await get("/api/v1/users", token)).status).toBe(200);
    expect((await patch(`/api/v1/users/${user.id}`, { location: "Kano" }, token)).status).toBe(403);

    const editors = await makeRole(backend.db, "staff-editor", ["manage:Users"]);
    await backend.db.update(users).set({ roleId: editors.id }).where(eq(users.id, user.id));
    expect((await patch(`/api/v1/users/${user.id}`, { location: "Kano" }, token)).status).toBe(200);
  });
});
