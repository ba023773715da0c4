import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { auditLog, roles, users } from "../db/schema";
import { RoleRecordSchema } from "../schemas/records";
import { FORBIDDEN_BODY, expectExactly, makeUser, roleIdByName, signedInAs } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

let backend: TestBackend;
let adminToken: string;
let viewerToken: string;

beforeAll(async () => {
  backend = await createTestBackend();
  ({ token: adminToken } = await signedInAs(backend, "admin"));
  ({ token: viewerToken } = await signedInAs(backend, "viewer"));
});
afterAll(() => backend.close());

const assign = (userId: string, roleId: string, token = adminToken) =>
  backend.request("POST", `/api/v1/roles/${userId}/assign`, { token, body: { roleId } });

describe("GET /api/v1/roles", () => {
  it("answers a plain array of exact role records with their permissions", async () => {
    const response = await backend.request("GET", "/api/v1/roles", { token: adminToken });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(z.array(RoleRecordSchema), body);
    expect(body.map((role: { role: string }) => role.role)).toEqual([
      "admin",
      "inventory",
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
    const body = await (await backend.request("GET", "/api/v1/roles", { token: adminToken })).json();
    expect(body.map((role: { role: string }) => role.role)).not.toContain("retired");
  });

  it("answers 403 to a viewer", async () => {
    const response = await backend.request("GET", "/api/v1/roles", { token: viewerToken });
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
      token: adminToken,
      body: { role: "admin" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fieldErrors: { roleId: ["Required"], role: ["Unknown field"] },
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
    const response = await assign(user.id, await roleIdByName(backend.db, "admin"), viewerToken);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
    const [row] = await backend.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, user.id));
    expect(row.roleId).toBe(await roleIdByName(backend.db, "sales"));
  });
});
