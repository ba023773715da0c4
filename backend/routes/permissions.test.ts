import { eq, sql } from "drizzle-orm";
import { auditLog, permissions, rolePermissions } from "../db/schema";
import { ensureRolesAndPermissions } from "../bootstrap/roles";
import { PermissionRecordSchema, PermissionSubjectsSchema } from "../schemas/roles";
import { ALL_PERMISSIONS, SUBJECTS } from "../schemas/permissions";
import type { PermissionName } from "../schemas/permissions";
import {
  FORBIDDEN_BODY,
  backendWithTeam,
  expectExactly,
  makeRole,
  roleIdByName,
  signedInAs,
} from "../test/factories";

// Its own backend: these tests delete permissions the other role tests rely on.
const { backend, team } = await backendWithTeam();

async function permissionId(name: PermissionName): Promise<string | undefined> {
  const [row] = await backend.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(sql`${permissions.action} || ':' || ${permissions.subject}`, name));
  return row?.id;
}

async function known(name: PermissionName) {
  const id = await permissionId(name);
  if (!id) throw new Error(`No permission ${name}`);
  return id;
}

const create = (body: unknown, token = team.admin.token) =>
  backend.request("POST", "/api/v1/permissions", { token, body });
const remove = (id: string, token = team.admin.token) =>
  backend.request("DELETE", `/api/v1/permissions/${id}`, { token });
const roleNames = async (roleId: string) => {
  const body = await (
    await backend.request("GET", `/api/v1/roles/${roleId}`, { token: team.admin.token })
  ).json();
  return body.permissions.map((p: { action: string; subject: string }) => `${p.action}:${p.subject}`);
};

describe("GET /api/v1/permissions/subjects", () => {
  it("answers the subjects a role editor offers, without full access and staff administration", async () => {
    const response = await backend.request("GET", "/api/v1/permissions/subjects", {
      token: team.admin.token,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(PermissionSubjectsSchema, body);
    expect(body.subjects).toEqual(SUBJECTS.filter((subject) => !["all", "Users", "Roles"].includes(subject)));
    expect(body.subjects).toContain("Sales");
  });

  it("answers 403 to a role without read:Roles", async () => {
    const response = await backend.request("GET", "/api/v1/permissions/subjects", {
      token: team.viewer.token,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
  });
});

describe("DELETE /api/v1/permissions/:id", () => {
  it("withdraws the permission from every role holding it, with an audit row", async () => {
    const id = await known("read:Tickets");
    const role = await makeRole(backend.db, "Ticket readers", ["read:Tickets", "read:Sales"]);
    const { token: holder } = await signedInAs(backend, role.id);
    expect((await backend.request("GET", "/api/v1/tickets", { token: holder })).status).toBe(200);

    const response = await remove(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Permission deleted successfully" });
    expect(await permissionId("read:Tickets")).toBeUndefined();
    const grants = await backend.db
      .select()
      .from(rolePermissions)
      .where(eq(rolePermissions.permissionId, id));
    expect(grants).toEqual([]);
    expect(await roleNames(role.id)).toEqual(["read:Sales"]);
    const list = await (
      await backend.request("GET", "/api/v1/permissions", { token: team.admin.token })
    ).json();
    expect(list).toHaveLength(ALL_PERMISSIONS.length - 1);
    // Its holders lose it on their next request.
    expect((await backend.request("GET", "/api/v1/tickets", { token: holder })).status).toBe(403);

    const audit = await backend.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: "delete",
        subject: "Roles",
        summary: expect.stringMatching(
          /^Deleted the permission read:Tickets, withdrawn from .*Ticket readers/,
        ),
      }),
    ]);
    expect(audit[0].changes).toMatchObject({ permission: "read:Tickets" });
    expect((audit[0].changes as { roles: string[] }).roles).toContain("Ticket readers");
    expect((await remove(id)).status).toBe(404);
  });

  it("never deletes manage:all, so the admin role keeps its full access", async () => {
    const id = await known("manage:all");
    const response = await remove(id);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: "The manage:all permission gives the admin role its full access and cannot be deleted",
      error: "Bad Request",
    });
    expect(await roleNames(await roleIdByName(backend.db, "admin"))).toEqual(["manage:all"]);
  });

  it("leaves a full-access role's permissions to administrators", async () => {
    await makeRole(backend.db, "Owners", ["manage:all", "read:Portfolio"]);
    const staffManager = await makeRole(backend.db, "Role managers", ["manage:Roles", "read:Portfolio"]);
    const { token } = await signedInAs(backend, staffManager.id);
    const response = await remove(await known("read:Portfolio"), token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      message: "Only an administrator can change an administrator's account",
    });
    expect(await permissionId("read:Portfolio")).toBeDefined();
  });

  it("answers 404 for an unknown id, 400 for a NUL character, 403 without delete:Roles", async () => {
    const unknown = await remove("no-such-permission");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      statusCode: 404,
      message: "Permission not found",
      error: "Not Found",
    });
    expect((await remove("abc%00def")).status).toBe(400);

    const id = await known("read:Agents");
    const editor = await makeRole(backend.db, "Role editors", ["read:Roles", "write:Roles"]);
    const { token } = await signedInAs(backend, editor.id);
    for (const caller of [team.viewer.token, token]) {
      const refused = await remove(id, caller);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    }
    expect(await permissionId("read:Agents")).toBe(id);
  });
});

describe("POST /api/v1/permissions", () => {
  it("brings back a deleted permission, held by no role, with an audit row", async () => {
    await remove(await known("write:Tickets"));
    const response = await create({ action: "write", subject: "Tickets", roleIds: ["x"] });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(PermissionRecordSchema, body);
    expect(body).toMatchObject({ action: "write", subject: "Tickets" });
    expect(await permissionId("write:Tickets")).toBe(body.id);
    expect(
      await backend.db.select().from(rolePermissions).where(eq(rolePermissions.permissionId, body.id)),
    ).toEqual([]);
    const [audit] = await backend.db.select().from(auditLog).where(eq(auditLog.recordId, body.id));
    expect(audit).toMatchObject({ action: "create", summary: "Created the permission write:Tickets" });
  });

  it("refuses a permission that exists, and an action or subject the API does not know", async () => {
    const taken = await create({ action: "read", subject: "Sales" });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toEqual({
      statusCode: 400,
      message: "Permission with the same action and subject already exists.",
      error: "Bad Request",
    });

    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { action: ["Invalid action type"], subject: ["Invalid subject"] }],
      [{ action: "create", subject: "Sales" }, { action: ["Invalid action type"] }],
      [{ action: "read", subject: "User" }, { subject: ["Invalid subject"] }],
      [{ action: "read", subject: "Sales\u0000" }, { subject: ["Contains a character that is not allowed"] }],
      [{ action: "read", subject: "x".repeat(10_000) }, { subject: ["Invalid subject"] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).fieldErrors).toEqual(fieldErrors);
    }
  });

  it("answers 403 without write:Roles", async () => {
    await remove(await known("read:Messages"));
    const reader = await makeRole(backend.db, "Role readers", ["read:Roles"]);
    const { token } = await signedInAs(backend, reader.id);
    for (const caller of [team.viewer.token, token]) {
      const refused = await create({ action: "read", subject: "Messages" }, caller);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    }
    expect(await permissionId("read:Messages")).toBeUndefined();
  });
});

describe("the catalogue at the next start", () => {
  it("lists a deleted permission again, held by no role", async () => {
    const id = await known("delete:Customers");
    await remove(id);
    await ensureRolesAndPermissions(backend.db);
    const back = await permissionId("delete:Customers");
    expect(back).toBeDefined();
    expect(
      await backend.db
        .select()
        .from(rolePermissions)
        .where(eq(rolePermissions.permissionId, back ?? "")),
    ).toEqual([]);
  });
});
