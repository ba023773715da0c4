import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { auditLog, permissions, roles, users } from "../db/schema";
import {
  PermissionListSchema,
  RoleDetailsSchema,
  RoleListSchema,
  RoleWithCountSchema,
} from "../schemas/roles";
import { ALL_PERMISSIONS } from "../schemas/permissions";
import type { PermissionName } from "../schemas/permissions";
import {
  FORBIDDEN_BODY,
  backendWithTeam,
  expectExactly,
  makeRole,
  makeUser,
  roleIdByName,
  signedInAs,
} from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

const { backend, team } = await backendWithTeam();

const assign = (userId: string, roleId: string, token = team.admin.token) =>
  backend.request("POST", `/api/v1/roles/${userId}/assign`, { token, body: { roleId } });

describe("GET /api/v1/roles", () => {
  it("answers a plain array of exact role records with their permissions", async () => {
    const response = await backend.request("GET", "/api/v1/roles", { token: team.admin.token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(RoleListSchema, body);
    expect(body.map((role: { role: string }) => role.role)).toEqual([
      "admin",
      "collector",
      "inventory",
      "manager",
      "sales",
      "support",
      "viewer",
    ]);

    const viewer = body.find((role: { role: string }) => role.role === "viewer");
    expect(viewer.permissions).toHaveLength(8);
    expect(viewer.permissionIds).toEqual(
      viewer.permissions.map((permission: { id: string }) => permission.id),
    );
    expect(viewer.permissions.every((permission: { action: string }) => permission.action === "read")).toBe(
      true,
    );
    const subjects = viewer.permissions.map((permission: { subject: string }) => permission.subject);
    expect(subjects).not.toContain("Users");
    expect(subjects).not.toContain("Roles");
    const admin = body.find((role: { role: string }) => role.role === "admin");
    expect(admin.permissions).toEqual([expect.objectContaining({ action: "manage", subject: "all" })]);
  });

  it("leaves out deleted roles", async () => {
    await backend.db.insert(roles).values({ name: "retired", deletedAt: new Date() });
    const body = await (await backend.request("GET", "/api/v1/roles", { token: team.admin.token })).json();
    expect(body.map((role: { role: string }) => role.role)).not.toContain("retired");
  });

  it("answers 403 to a viewer", async () => {
    const response = await backend.request("GET", "/api/v1/roles", { token: team.viewer.token });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
  });
});

describe("POST /api/v1/roles/:userId/assign", () => {
  it("changes the designation, which applies to the user's next request, and writes the audit row", async () => {
    const { user, token } = await signedInAs(backend, "viewer");
    expect((await backend.request("GET", "/api/v1/users", { token })).status).toBe(403);

    const response = await assign(user.id, await roleIdByName(backend.db, "admin"));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Designation updated successfully" });
    expect((await backend.request("GET", "/api/v1/users", { token })).status).toBe(200);

    const [audit] = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, user.id), eq(auditLog.action, "assign-role")));
    expect(audit.summary).toContain("from viewer to admin");
  });

  it("answers 404 for an unknown role or user", async () => {
    const user = await makeUser(backend.db);
    const unknownRole = await assign(user.id, "no-such-role");
    expect(unknownRole.status).toBe(404);
    expect(await unknownRole.json()).toEqual({
      statusCode: 404,
      message: "Role not found",
      error: "Not Found",
    });

    const unknownUser = await assign("no-such-user", await roleIdByName(backend.db, "sales"));
    expect(unknownUser.status).toBe(404);
    expect(await unknownUser.json()).toEqual({
      statusCode: 404,
      message: "User not found",
      error: "Not Found",
    });

    const gone = await makeUser(backend.db, { deletedAt: new Date() });
    expect((await assign(gone.id, await roleIdByName(backend.db, "sales"))).status).toBe(404);
  });

  it("validates the body", async () => {
    const user = await makeUser(backend.db);
    const response = await backend.request("POST", `/api/v1/roles/${user.id}/assign`, {
      token: team.admin.token,
      body: { role: "admin" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: ["roleId: Required"],
      error: "Bad Request",
      fieldErrors: { roleId: ["Required"] },
    });
  });

  it("refuses to change the caller's own designation", async () => {
    const { user, token } = await signedInAs(backend, "admin");
    const response = await assign(user.id, await roleIdByName(backend.db, "viewer"), token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "You cannot change your own designation" });
  });

  it("answers 403 to a viewer and changes nothing", async () => {
    const user = await makeUser(backend.db, { role: "sales" });
    const response = await assign(user.id, await roleIdByName(backend.db, "admin"), team.viewer.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
    const [row] = await backend.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, user.id));
    expect(row.roleId).toBe(await roleIdByName(backend.db, "sales"));
  });
});

const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;

async function permissionIds(...names: PermissionName[]) {
  const rows = await backend.db.select().from(permissions);
  return names.map((name) => {
    const found = rows.find((row) => `${row.action}:${row.subject}` === name);
    if (!found) throw new Error(`No permission ${name}`);
    return found.id;
  });
}

const createRole = (body: unknown, token = team.admin.token) =>
  backend.request("POST", "/api/v1/roles", { token, body });
const updateRole = (id: string, body: unknown, token = team.admin.token) =>
  backend.request("PUT", `/api/v1/roles/${id}`, { token, body });
const deleteRole = (id: string, token = team.admin.token) =>
  backend.request("DELETE", `/api/v1/roles/${id}`, { token });

async function auditRows(recordId: string) {
  return backend.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordId, recordId), eq(auditLog.subject, "Roles")))
    .orderBy(asc(auditLog.createdAt));
}

describe("GET /api/v1/roles (_count.users)", () => {
  it("counts the staff holding each role as the contract does, leaving out deleted staff", async () => {
    const role = await makeRole(backend.db, uniqueName("Counted"), ["read:Sales"]);
    await makeUser(backend.db, { role: role.id });
    await makeUser(backend.db, { role: role.id });
    await makeUser(backend.db, { role: role.id, deletedAt: new Date() });
    const body = await (await backend.request("GET", "/api/v1/roles", { token: team.admin.token })).json();
    const counted = body.find((item: { id: string }) => item.id === role.id);
    expect(counted._count).toEqual({ users: 2 });
    expect(counted).not.toHaveProperty("userCount");
  });
});

describe("GET /api/v1/roles/:id and /roles/more_details/:id", () => {
  it("answers one role in the list's shape, and its details with the live staff who hold it", async () => {
    const role = await makeRole(backend.db, uniqueName("Detailed"), ["read:Sales", "write:Sales"]);
    const holder = await makeUser(backend.db, { role: role.id, firstname: "Holder" });
    await makeUser(backend.db, { role: role.id, deletedAt: new Date() });

    const one = await backend.request("GET", `/api/v1/roles/${role.id}`, { token: team.admin.token });
    expect(one.status).toBe(200);
    const body = await one.json();
    expectExactly(RoleWithCountSchema, body);
    expect(body).toMatchObject({ id: role.id, role: role.name, active: true, _count: { users: 1 } });
    expect(
      body.permissions.map((p: { action: string; subject: string }) => `${p.action}:${p.subject}`),
    ).toEqual(["read:Sales", "write:Sales"]);
    expect(body.permissionIds).toEqual(body.permissions.map((p: { id: string }) => p.id));

    const details = await backend.request("GET", `/api/v1/roles/more_details/${role.id}`, {
      token: team.admin.token,
    });
    expect(details.status).toBe(200);
    const detailed = await details.json();
    expectExactly(RoleDetailsSchema, detailed);
    expect(detailed).toEqual({ ...body, users: expect.any(Array) });
    expect(detailed.users).toEqual([
      {
        id: holder.id,
        firstname: "Holder",
        lastname: holder.lastname,
        email: holder.email,
        status: holder.status,
      },
    ]);
    expect(JSON.stringify(detailed)).not.toMatch(/password|scrypt/i);
  });

  it("answers 404 for an unknown, deleted or malformed role", async () => {
    const [gone] = await backend.db
      .insert(roles)
      .values({ name: uniqueName("Gone"), deletedAt: new Date() })
      .returning();
    for (const id of ["no-such-role", gone.id, "%20", "x".repeat(300)]) {
      for (const path of [`/api/v1/roles/${id}`, `/api/v1/roles/more_details/${id}`]) {
        const response = await backend.request("GET", path, { token: team.admin.token });
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({
          statusCode: 404,
          message: "Role not found",
          error: "Not Found",
        });
      }
    }
  });

  it("refuses a NUL character in the id and a role without read:Roles", async () => {
    const role = await makeRole(backend.db, uniqueName("Private"), []);
    for (const path of [`/api/v1/roles/${role.id}`, `/api/v1/roles/more_details/${role.id}`]) {
      const nul = await backend.request("GET", path.replace(role.id, "abc%00def"), {
        token: team.admin.token,
      });
      expect(nul.status).toBe(400);
      const refused = await backend.request("GET", path, { token: team.viewer.token });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    }
  });
});

describe("GET /api/v1/permissions", () => {
  it("answers every permission of the catalogue, in catalogue order", async () => {
    const response = await backend.request("GET", "/api/v1/permissions", { token: team.admin.token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(PermissionListSchema, body);
    expect(body).toHaveLength(ALL_PERMISSIONS.length);
    expect(
      body.slice(0, 4).map((p: { action: string; subject: string }) => `${p.action}:${p.subject}`),
    ).toEqual(["read:all", "write:all", "delete:all", "manage:all"]);
  });

  it("answers 403 to a role without Roles permissions", async () => {
    const response = await backend.request("GET", "/api/v1/permissions", { token: team.viewer.token });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
  });
});

describe("POST /api/v1/roles", () => {
  it("creates a role with its permissions, trimmed, and writes the audit row", async () => {
    const name = uniqueName("Field sales");
    const ids = await permissionIds("write:Sales", "read:Sales");
    const response = await createRole({ role: `  ${name} `, permissionIds: [...ids, ids[0]] });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(RoleWithCountSchema, body);
    expect(body).toMatchObject({ role: name, active: true, _count: { users: 0 }, deleted_at: null });
    expect(body.permissions.map((p: { action: string }) => p.action)).toEqual(["read", "write"]);

    const [audit] = await auditRows(body.id);
    expect(audit).toMatchObject({ action: "create", summary: `Created the role ${name} with 2 permissions` });
    expect(audit.changes).toEqual({ role: name, active: true, permissions: ["read:Sales", "write:Sales"] });

    const list = await (await backend.request("GET", "/api/v1/roles", { token: team.admin.token })).json();
    expect(list.map((role: { id: string }) => role.id)).toContain(body.id);
  });

  it("validates the name and the body", async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { role: ["Role name is required"] }],
      [{ role: "   " }, { role: ["Role name is required"] }],
      [{ role: " a " }, { role: ["Role name must be at least 2 characters"] }],
      [{ role: "x".repeat(41) }, { role: ["Role name must be at most 40 characters"] }],
      [
        { role: "Valid", permissionIds: "nope" },
        { permissionIds: ["Permissions must be a list of permission ids"] },
      ],
      [{ role: "Valid", active: "no" }, { active: ["Active must be true or false"] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const response = await createRole(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, error: "Bad Request", fieldErrors });
    }
  });

  it("takes the contract's `active`, and drops fields it does not know without storing them", async () => {
    const name = uniqueName("Seasonal hire");
    const response = await createRole({
      role: name,
      active: false,
      onboarding: true,
      id: "chosen-id",
      deleted_at: "2000-01-01T00:00:00.000Z",
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(RoleWithCountSchema, body);
    expect(body).toMatchObject({ role: name, active: false, deleted_at: null });
    const [row] = await backend.db.select().from(roles).where(eq(roles.id, body.id));
    expect(row).toMatchObject({ name, active: false, deletedAt: null });
    expect(row.id).not.toBe("chosen-id");
  });

  it("refuses a name another live role has, whatever the case, but not a deleted one's", async () => {
    const name = uniqueName("Dispatch");
    expect((await createRole({ role: name })).status).toBe(201);
    const duplicate = await createRole({ role: name.toUpperCase() });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual({
      statusCode: 400,
      message: ["role: A role with this name already exists"],
      error: "Bad Request",
      fieldErrors: { role: ["A role with this name already exists"] },
    });
    expect((await createRole({ role: "Admin" })).status).toBe(400);

    const gone = uniqueName("Retired");
    await backend.db.insert(roles).values({ name: gone, deletedAt: new Date() });
    expect((await createRole({ role: gone })).status).toBe(201);
  });

  it("refuses an unknown permission and creates nothing", async () => {
    const name = uniqueName("Ghost");
    const [known] = await permissionIds("read:Sales");
    const response = await createRole({ role: name, permissionIds: [known, "no-such-permission"] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: ["permissionIds: Unknown permission"],
      fieldErrors: { permissionIds: ["Unknown permission"] },
    });
    const rows = await backend.db.select().from(roles).where(eq(roles.name, name));
    expect(rows).toHaveLength(0);
  });

  it("answers 403 to a role without write:Roles", async () => {
    const reader = await makeRole(backend.db, uniqueName("Role reader"), ["read:Roles"]);
    const { token } = await signedInAs(backend, reader.id);
    for (const caller of [team.viewer.token, token]) {
      const response = await createRole({ role: uniqueName("Nope") }, caller);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN_BODY);
    }
  });
});

describe("PUT /api/v1/roles/:id", () => {
  it("renames, deactivates and replaces the permission set, with one audit row", async () => {
    const role = await makeRole(backend.db, uniqueName("Stock"), ["read:Inventory", "read:Products"]);
    const name = uniqueName("Stockroom");
    const ids = await permissionIds("manage:Inventory", "read:Products");
    const response = await updateRole(role.id, { role: name, active: false, permissionIds: ids });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(RoleWithCountSchema, body);
    expect(body).toMatchObject({ id: role.id, role: name, active: false });
    expect(body.permissionIds.sort()).toEqual([...ids].sort());

    const [audit] = await auditRows(role.id);
    expect(audit.action).toBe("update");
    expect(audit.changes).toEqual({
      role: { from: role.name, to: name },
      active: { from: true, to: false },
      permissions: { added: ["manage:Inventory"], removed: ["read:Inventory"] },
    });

    const cleared = await updateRole(role.id, { permissionIds: [] });
    expect((await cleared.json()).permissions).toEqual([]);
  });

  it("answers the role unchanged, without an audit row, when nothing really changes", async () => {
    const role = await makeRole(backend.db, uniqueName("Same"), ["read:Sales"]);
    const response = await updateRole(role.id, {
      role: role.name,
      permissionIds: await permissionIds("read:Sales"),
    });
    expect(response.status).toBe(200);
    expect(await auditRows(role.id)).toHaveLength(0);
  });

  it("validates the body and refuses taken names and unknown permissions", async () => {
    const role = await makeRole(backend.db, uniqueName("Checked"), []);
    const empty = await updateRole(role.id, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: "At least one field must be provided to update" });

    const short = await updateRole(role.id, { role: "x" });
    expect(await short.json()).toMatchObject({
      fieldErrors: { role: ["Role name must be at least 2 characters"] },
    });

    const taken = await updateRole(role.id, { role: "SALES" });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({
      fieldErrors: { role: ["A role with this name already exists"] },
    });

    const unknown = await updateRole(role.id, { permissionIds: ["no-such-permission"] });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ fieldErrors: { permissionIds: ["Unknown permission"] } });
  });

  it("answers 404 for an unknown or deleted role", async () => {
    const unknown = await updateRole("no-such-role", { active: true });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ statusCode: 404, message: "Role not found", error: "Not Found" });
    const [gone] = await backend.db
      .insert(roles)
      .values({ name: uniqueName("Gone"), deletedAt: new Date() })
      .returning();
    expect((await updateRole(gone.id, { active: true })).status).toBe(404);
  });

  it("keeps the admin role's name, activity and full access", async () => {
    const adminId = await roleIdByName(backend.db, "admin");
    const [manageAll, readSales] = await permissionIds("manage:all", "read:Sales");
    for (const body of [
      { role: "Owner" },
      { active: false },
      { permissionIds: [readSales] },
      { permissionIds: [] },
    ]) {
      const response = await updateRole(adminId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: 400,
        message: "The admin role cannot be changed",
        error: "Bad Request",
      });
    }
    const allowed = await updateRole(adminId, { role: "admin", active: true, permissionIds: [manageAll] });
    expect(allowed.status).toBe(200);
    expect((await allowed.json()).permissions).toEqual([
      expect.objectContaining({ action: "manage", subject: "all" }),
    ]);
  });

  it("answers 403 to a role without write:Roles and changes nothing", async () => {
    const role = await makeRole(backend.db, uniqueName("Untouched"), []);
    const response = await updateRole(role.id, { active: false }, team.viewer.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
    const [row] = await backend.db.select().from(roles).where(eq(roles.id, role.id));
    expect(row.active).toBe(true);
  });
});

describe("DELETE /api/v1/roles/:id", () => {
  it("soft-deletes a role nobody holds and writes the audit row", async () => {
    const role = await makeRole(backend.db, uniqueName("Seasonal"), ["read:Sales"]);
    await makeUser(backend.db, { role: role.id, deletedAt: new Date() });
    const response = await deleteRole(role.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Role deleted successfully" });
    const [row] = await backend.db.select().from(roles).where(eq(roles.id, role.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    const [audit] = await auditRows(role.id);
    expect(audit).toMatchObject({ action: "delete", summary: `Deleted the role ${role.name}` });
    expect((await deleteRole(role.id)).status).toBe(404);
  });

  it("refuses while staff still hold the role", async () => {
    const role = await makeRole(backend.db, uniqueName("Busy"), []);
    await makeUser(backend.db, { role: role.id });
    await makeUser(backend.db, { role: role.id });
    const response = await deleteRole(role.id);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: "This role is still assigned to 2 staff",
      error: "Bad Request",
    });
    const [row] = await backend.db.select().from(roles).where(eq(roles.id, role.id));
    expect(row.deletedAt).toBeNull();
  });

  it("never deletes the admin role", async () => {
    const response = await deleteRole(await roleIdByName(backend.db, "admin"));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "The admin role cannot be deleted" });
  });

  it("answers 403 to a role without delete:Roles", async () => {
    const role = await makeRole(backend.db, uniqueName("Kept"), []);
    const editor = await makeRole(backend.db, uniqueName("Role editor"), ["read:Roles", "write:Roles"]);
    const { token } = await signedInAs(backend, editor.id);
    for (const caller of [team.viewer.token, token]) {
      const response = await deleteRole(role.id, caller);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN_BODY);
    }
  });
});

describe("a role's new permissions", () => {
  let cached: TestBackend;
  beforeAll(async () => {
    cached = await createTestBackend({ readCacheMs: 60_000, sessionCacheMs: 60_000 });
  });
  afterAll(() => cached.close());

  it("take effect on the next request of its staff, even with the session cache on", async () => {
    const { token: owner } = await signedInAs(cached, "admin");
    const role = await makeRole(cached.db, "Cashiers", ["read:Sales"]);
    const { token } = await signedInAs(cached, role.id);
    // Twice, so the second answer comes from the cache.
    expect((await cached.request("GET", "/api/v1/users", { token })).status).toBe(403);
    expect((await cached.request("GET", "/api/v1/users", { token })).status).toBe(403);

    const ids = (await (await cached.request("GET", "/api/v1/permissions", { token: owner })).json())
      .filter((p: { action: string; subject: string }) =>
        ["read:Sales", "read:Users"].includes(`${p.action}:${p.subject}`),
      )
      .map((p: { id: string }) => p.id);
    const response = await cached.request("PUT", `/api/v1/roles/${role.id}`, {
      token: owner,
      body: { permissionIds: ids },
    });
    expect(response.status).toBe(200);
    expect((await cached.request("GET", "/api/v1/users", { token })).status).toBe(200);

    // And deactivating the role takes everything away on the next request.
    await cached.request("PUT", `/api/v1/roles/${role.id}`, { token: owner, body: { active: false } });
    expect((await cached.request("GET", "/api/v1/users", { token })).status).toBe(403);
  });
});
