import { and, eq, isNull } from "drizzle-orm";
import { roles, users } from "../db/schema";
import { roleIdByName, makeRole, makeUser, signIn, signedInAs } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";
import type { StaffActor } from "../services/audit";
import { assignRole } from "../services/roles";
import { LAST_ADMIN, rolePermissionNames } from "../services/staff-protection";
import { deleteUser } from "../services/users";

/**
 * A role that may write staff or roles must not be a way to take over the business (docs/decisions/011).
 */
let backend: TestBackend;
let catalogue: { id: string; action: string; subject: string }[];
beforeAll(async () => {
  backend = await createTestBackend();
  const { token } = await signedInAs(backend, "admin");
  catalogue = await (await backend.request("GET", "/api/v1/permissions", { token })).json();
});
afterAll(() => backend.close());

const send = (method: string, path: string, token: string, body?: unknown) =>
  backend.request(method, path, { token, body });

function permissionIds(names: string[]) {
  return catalogue.filter((p) => names.includes(`${p.action}:${p.subject}`)).map((p) => p.id);
}

async function expectForbidden(response: Response, message: string) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ statusCode: 403, message, error: "Forbidden" });
}

async function liveUser(id: string) {
  const [row] = await backend.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

describe("a role with write:Users", () => {
  let editorToken: string;
  beforeAll(async () => {
    const editors = await makeRole(backend.db, "staff editors", [
      "read:Users",
      "write:Users",
      "delete:Users",
    ]);
    ({ token: editorToken } = await signedInAs(backend, editors.id));
  });

  it("cannot change an administrator's e-mail, block or delete them", async () => {
    const admin = await makeUser(backend.db, { role: "admin" });
    const message = "Only an administrator can change an administrator's account";
    await expectForbidden(
      await send("PATCH", `/api/v1/users/${admin.id}`, editorToken, { email: "mine@evil.example" }),
      message,
    );
    await expectForbidden(
      await send("PATCH", `/api/v1/users/${admin.id}`, editorToken, { firstname: "Owned" }),
      message,
    );
    await expectForbidden(
      await send("PATCH", `/api/v1/users/${admin.id}`, editorToken, { isBlocked: true }),
      message,
    );
    await expectForbidden(await send("DELETE", `/api/v1/users/${admin.id}`, editorToken), message);
    expect(await liveUser(admin.id)).toMatchObject({
      email: admin.email,
      isBlocked: false,
      firstname: "Test",
    });
  });

  it("cannot move the e-mail of someone who may do more than it, but may edit their name", async () => {
    const seller = await makeUser(backend.db, { role: "sales" });
    await expectForbidden(
      await send("PATCH", `/api/v1/users/${seller.id}`, editorToken, { email: "mine@evil.example" }),
      "You cannot change the email of a staff member who has permissions you do not hold",
    );
    const renamed = await send("PATCH", `/api/v1/users/${seller.id}`, editorToken, { firstname: "Renamed" });
    expect(renamed.status).toBe(200);
  });

  it("cannot invite an administrator, or anyone with permissions it lacks", async () => {
    const invite = (role: string, name: string) =>
      send("POST", "/api/v1/auth/add-user", editorToken, {
        email: `${name}-${role.slice(0, 8)}@example.test`,
        firstname: "Invited",
        lastname: name,
        phone: "08012345678",
        location: "Lagos",
        role,
      });
    const sentBefore = backend.mailer.messages.length;
    for (const role of ["admin", "sales"]) {
      const refused = await invite(await roleIdByName(backend.db, role), `invited-${role}`);
      await expectForbidden(refused, "You cannot grant permissions you do not hold");
    }
    // Switched off, a role still holds what switching it on would grant.
    const dormant = await makeRole(backend.db, "dormant owners", ["manage:all"]);
    await backend.db.update(roles).set({ active: false }).where(eq(roles.id, dormant.id));
    await expectForbidden(
      await invite(dormant.id, "invited-dormant"),
      "You cannot grant permissions you do not hold",
    );
    const invited = await backend.db.select().from(users).where(eq(users.lastname, "invited-admin"));
    expect(invited).toEqual([]);
    expect(backend.mailer.messages.length).toBe(sentBefore);

    // What it holds it may pass on.
    const peers = await makeRole(backend.db, "staff readers", ["read:Users"]);
    expect((await invite(peers.id, "invited-peer")).status).toBe(201);
  });

  it("may still manage staff who hold nothing it lacks", async () => {
    const peerRole = await makeRole(backend.db, "readers of staff", ["read:Users"]);
    const peer = await makeUser(backend.db, { role: peerRole.id });
    const moved = await send("PATCH", `/api/v1/users/${peer.id}`, editorToken, {
      email: `moved-${peer.id.slice(0, 8)}@example.test`,
    });
    expect(moved.status).toBe(200);
    expect((await send("PATCH", `/api/v1/users/${peer.id}`, editorToken, { isBlocked: true })).status).toBe(
      200,
    );
  });
});

describe("a role with write:Roles", () => {
  let managerToken: string;
  let managerRoleId: string;
  beforeAll(async () => {
    const managers = await makeRole(backend.db, "role managers", ["read:Roles", "write:Roles", "read:Users"]);
    managerRoleId = managers.id;
    ({ token: managerToken } = await signedInAs(backend, managers.id));
  });

  it("cannot demote an administrator", async () => {
    const admin = await makeUser(backend.db, { role: "admin" });
    await expectForbidden(
      await send("POST", `/api/v1/roles/${admin.id}/assign`, managerToken, {
        roleId: await roleIdByName(backend.db, "viewer"),
      }),
      "Only an administrator can change an administrator's account",
    );
    expect((await liveUser(admin.id)).roleId).toBe(await roleIdByName(backend.db, "admin"));
  });

  it("cannot raise its own role, or any role, to permissions it does not hold", async () => {
    const grant = "You cannot grant permissions you do not hold";
    await expectForbidden(
      await send("PUT", `/api/v1/roles/${managerRoleId}`, managerToken, {
        permissionIds: permissionIds(["read:Roles", "write:Roles", "read:Users", "manage:all"]),
      }),
      grant,
    );
    await expectForbidden(
      await send("POST", "/api/v1/roles", managerToken, {
        role: "sneaky",
        permissionIds: permissionIds(["manage:Users"]),
      }),
      grant,
    );
    // What it holds it may pass on.
    const fine = await send("POST", "/api/v1/roles", managerToken, {
      role: "role readers",
      permissionIds: permissionIds(["read:Roles"]),
    });
    expect(fine.status).toBe(201);
  });

  it("cannot give someone a role with permissions it lacks", async () => {
    const viewer = await makeUser(backend.db, { role: "viewer" });
    await expectForbidden(
      await send("POST", `/api/v1/roles/${viewer.id}/assign`, managerToken, {
        roleId: await roleIdByName(backend.db, "admin"),
      }),
      "You cannot grant permissions you do not hold",
    );
  });
});

describe("a role with write:Roles and an inactive role", () => {
  let managerToken: string;
  let dormant: { id: string };
  beforeAll(async () => {
    const managers = await makeRole(backend.db, "dormant role managers", ["read:Roles", "write:Roles"]);
    ({ token: managerToken } = await signedInAs(backend, managers.id));
  });
  beforeEach(async () => {
    dormant = await makeRole(backend.db, `dormant ${Math.random().toString(36).slice(2, 8)}`, [
      "manage:Users",
    ]);
    await backend.db.update(roles).set({ active: false }).where(eq(roles.id, dormant.id));
  });

  it("cannot give it to someone while it is switched off", async () => {
    const viewer = await makeUser(backend.db, { role: "viewer" });
    await expectForbidden(
      await send("POST", `/api/v1/roles/${viewer.id}/assign`, managerToken, { roleId: dormant.id }),
      "You cannot grant permissions you do not hold",
    );
    expect((await liveUser(viewer.id)).roleId).toBe(await roleIdByName(backend.db, "viewer"));
  });

  it("cannot switch on a role that holds permissions it lacks", async () => {
    const holder = await makeUser(backend.db, { role: dormant.id });
    await expectForbidden(
      await send("PUT", `/api/v1/roles/${dormant.id}`, managerToken, { active: true }),
      "You cannot grant permissions you do not hold",
    );
    const [row] = await backend.db.select().from(roles).where(eq(roles.id, dormant.id));
    expect(row.active).toBe(false);
    // Its holder still signs in with nothing granted.
    const token = await signIn(backend, holder.email);
    expect((await send("GET", "/api/v1/users", token)).status).toBe(403);
  });

  it("may switch on a role that holds only what it holds", async () => {
    const readers = await makeRole(backend.db, `dormant readers ${dormant.id.slice(0, 8)}`, ["read:Roles"]);
    await backend.db.update(roles).set({ active: false }).where(eq(roles.id, readers.id));
    const response = await send("PUT", `/api/v1/roles/${readers.id}`, managerToken, { active: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ active: true });
  });
});

describe("the last active administrator", () => {
  it("cannot lose administrator access through its role", async () => {
    // A fresh business whose only administrators hold a custom full-access role.
    const owners = await makeRole(backend.db, "owners", ["manage:all"]);
    const owner = await makeUser(backend.db, { role: owners.id });
    const token = await signIn(backend, owner.email);
    // Every other administrator of this test database stands aside first.
    await backend.db
      .update(users)
      .set({ isBlocked: true })
      .where(and(eq(users.roleId, await roleIdByName(backend.db, "admin"))));
    try {
      const response = await send("PUT", `/api/v1/roles/${owners.id}`, token, { active: false });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(
        "The last active administrator cannot lose administrator access",
      );
      const stripped = await send("PUT", `/api/v1/roles/${owners.id}`, token, {
        permissionIds: permissionIds(["read:all"]),
      });
      expect(stripped.status).toBe(400);
    } finally {
      await backend.db
        .update(users)
        .set({ isBlocked: false })
        .where(eq(users.roleId, await roleIdByName(backend.db, "admin")));
    }
  });

  it("survives two administrators blocking each other at once", async () => {
    await backend.db.update(users).set({ isBlocked: true }).where(eq(users.isBlocked, false));
    const first = await signedInAs(backend, "admin");
    const second = await signedInAs(backend, "admin");
    const [one, two] = await Promise.all([
      send("PATCH", `/api/v1/users/${second.user.id}`, first.token, { isBlocked: true }),
      send("PATCH", `/api/v1/users/${first.user.id}`, second.token, { isBlocked: true }),
    ]);
    expect([one.status, two.status]).toContain(200);
    expect([one.status, two.status].filter((status) => status === 200)).toHaveLength(1);
    const stillActive = [await liveUser(first.user.id), await liveUser(second.user.id)].filter(
      (user) => !user.isBlocked,
    );
    expect(stillActive).toHaveLength(1);
  });

  it("survives two administrators deleting each other at once", async () => {
    await backend.db.update(users).set({ isBlocked: true }).where(eq(users.isBlocked, false));
    const first = await signedInAs(backend, "admin");
    const second = await signedInAs(backend, "admin");
    const [one, two] = await Promise.all([
      send("DELETE", `/api/v1/users/${second.user.id}`, first.token),
      send("DELETE", `/api/v1/users/${first.user.id}`, second.token),
    ]);
    expect([one.status, two.status].filter((status) => status < 300)).toHaveLength(1);
    const remaining = [await liveUser(first.user.id), await liveUser(second.user.id)].filter(Boolean);
    expect(remaining).toHaveLength(1);
  });

  it("survives two administrators demoting each other at once", async () => {
    await backend.db.update(users).set({ isBlocked: true }).where(eq(users.isBlocked, false));
    const first = await signedInAs(backend, "admin");
    const second = await signedInAs(backend, "admin");
    const viewer = await roleIdByName(backend.db, "viewer");
    const [one, two] = await Promise.all([
      send("POST", `/api/v1/roles/${second.user.id}/assign`, first.token, { roleId: viewer }),
      send("POST", `/api/v1/roles/${first.user.id}/assign`, second.token, { roleId: viewer }),
    ]);
    expect([one.status, two.status].filter((status) => status < 300)).toHaveLength(1);
    const admin = await roleIdByName(backend.db, "admin");
    const stillAdmin = [await liveUser(first.user.id), await liveUser(second.user.id)].filter(
      (user) => user.roleId === admin,
    );
    expect(stillAdmin).toHaveLength(1);
  });

  // Which of two simultaneous requests loses is up to timing; the loser's own account may be gone before
  // its answer. Here the loser is fixed: its request was let in while it was an administrator, and the
  // other administrator blocked it before its change reached the database.
  describe("when a request let in earlier meets the only other administrator", () => {
    let late: StaffActor;
    let last: { id: string };
    beforeEach(async () => {
      await backend.db.update(users).set({ isBlocked: true }).where(eq(users.isBlocked, false));
      const first = await signedInAs(backend, "admin");
      const second = await signedInAs(backend, "admin");
      late = {
        userId: first.user.id,
        permissions: await rolePermissionNames(backend.db, first.user.roleId),
        ip: null,
      };
      const blocked = await send("PATCH", `/api/v1/users/${first.user.id}`, second.token, {
        isBlocked: true,
      });
      expect(blocked.status).toBe(200);
      last = second.user;
    });

    it("refuses to delete them", async () => {
      await expect(deleteUser(backend.db, late, last.id)).rejects.toMatchObject({
        message: LAST_ADMIN.delete,
      });
      expect(await liveUser(last.id)).toBeDefined();
    });

    it("refuses to give them a role without administrator access", async () => {
      const viewer = await roleIdByName(backend.db, "viewer");
      await expect(assignRole(backend.db, late, last.id, viewer)).rejects.toMatchObject({
        message: LAST_ADMIN.demote,
      });
      expect((await liveUser(last.id)).roleId).toBe(await roleIdByName(backend.db, "admin"));
    });
  });
});

describe("changing one's own e-mail", () => {
  it("asks for the current password, through the profile and the staff route alike", async () => {
    const { user, token } = await signedInAs(backend, "admin");
    const newEmail = `new-${user.id.slice(0, 8)}@example.test`;

    const missing = await send("PATCH", "/api/v1/users", token, { email: newEmail });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fieldErrors).toEqual({
      currentPassword: ["Enter your current password to change your email"],
    });
    const wrong = await send("PATCH", `/api/v1/users/${user.id}`, token, {
      email: newEmail,
      currentPassword: "not-it-123",
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fieldErrors).toEqual({ currentPassword: ["Current password is incorrect"] });
    expect((await liveUser(user.id)).email).toBe(user.email);

    const right = await send("PATCH", "/api/v1/users", token, {
      email: newEmail,
      currentPassword: user.password,
    });
    expect(right.status).toBe(200);
    expect((await liveUser(user.id)).email).toBe(newEmail);
  });

  it("needs no password for the other profile fields", async () => {
    const { token } = await signedInAs(backend, "viewer");
    expect((await send("PATCH", "/api/v1/users", token, { location: "Ibadan" })).status).toBe(200);
  });
});
