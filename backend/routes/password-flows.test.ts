import { and, eq } from "drizzle-orm";
import { auditLog, passwordTokens, users } from "../db/schema";
import { UserRecordSchema } from "../schemas/users";
import { TEST_PASSWORD, expectExactly, makeUser, roleIdByName, signIn, signedInAs } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

const RESET_SENT = { message: "A password reset link has been sent to your mail" };
const INVALID_TOKEN = { statusCode: 400, message: "Invalid or expired token", error: "Bad Request" };

/** The user id and token of the newest link mailed to `email`, read the way a person would follow it. */
function mailedLink(email: string, kind: "reset-password" | "create-password") {
  const message = backend.mailer.lastTo(email);
  if (!message?.link) throw new Error(`No link was mailed to ${email}`);
  expect(message.text).toContain(message.link);
  const match = new RegExp(`^http://app\\.test/${kind}/([^/]+)/([^/]+)$`).exec(message.link);
  if (!match) throw new Error(`Unexpected link ${message.link}`);
  return { userId: decodeURIComponent(match[1]), token: decodeURIComponent(match[2]) };
}

/** The answer, once the link it promises has been mailed (that happens after the answer). */
async function forgot(email: string) {
  const response = await backend.request("POST", "/api/v1/auth/forgot-password", { body: { email } });
  await backend.settled();
  return response;
}
const reset = (userid: string, resetToken: string, password = "Fresh-start-77") =>
  backend.request("POST", "/api/v1/auth/reset-password", {
    body: { userid, resetToken, newPassword: password, confirmNewPassword: password },
  });

describe("forgot and reset password", () => {
  it("mails a reset link that sets a new password once and signs the user out everywhere", async () => {
    const user = await makeUser(backend.db);
    const oldToken = await signIn(backend, user.email);

    const response = await forgot(user.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(RESET_SENT);
    const { userId, token } = mailedLink(user.email, "reset-password");
    expect(userId).toBe(user.id);
    const [stored] = await backend.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(stored).toMatchObject({ kind: "reset", usedAt: null });
    expect(stored.tokenHash).not.toBe(token);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(stored.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const done = await reset(userId, token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: "Password Successfully updated" });

    expect((await backend.request("GET", "/api/v1/users/single", { token: oldToken })).status).toBe(401);
    await signIn(backend, user.email, "Fresh-start-77");
    const again = await reset(userId, token, "Another-one-88");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(INVALID_TOKEN);

    const audit = await backend.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordId, user.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(["request-password-reset", "reset-password"]),
    );
  });

  it("answers the same for unknown, blocked and deleted accounts, and mails nothing", async () => {
    const blocked = await makeUser(backend.db, { isBlocked: true });
    const deleted = await makeUser(backend.db, { deletedAt: new Date() });
    const sentBefore = backend.mailer.messages.length;
    for (const email of ["nobody@example.test", blocked.email, deleted.email]) {
      const response = await forgot(email);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(RESET_SENT);
    }
    expect(backend.mailer.messages.length).toBe(sentBefore);
  });

  it("answers a known address without waiting for the link to be made and mailed, and mails it after", async () => {
    const user = await makeUser(backend.db);
    let deliver = () => {};
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    const send = backend.mailer.send;
    // A mail server that takes its time: the answer must not wait for it.
    backend.mailer.send = async (message) => {
      await delivered;
      await send(message);
    };
    try {
      const answered = backend.request("POST", "/api/v1/auth/forgot-password", {
        body: { email: user.email },
      });
      const first = await Promise.race([
        answered,
        new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 3_000)),
      ]);
      expect(first).not.toBe("still waiting");
      expect(await (first as Response).json()).toEqual(RESET_SENT);
      expect(backend.mailer.lastTo(user.email)).toBeUndefined();
    } finally {
      deliver();
      backend.mailer.send = send;
    }
    await backend.settled();
    expect(mailedLink(user.email, "reset-password").userId).toBe(user.id);
  });

  it("keeps only the newest link working", async () => {
    const user = await makeUser(backend.db);
    await forgot(user.email);
    const first = mailedLink(user.email, "reset-password");
    await forgot(user.email);
    const second = mailedLink(user.email, "reset-password");
    expect((await reset(user.id, first.token)).status).toBe(400);
    expect((await reset(user.id, second.token)).status).toBe(200);
  });

  it("refuses expired tokens, tokens of another user and invitation tokens", async () => {
    const user = await makeUser(backend.db);
    const other = await makeUser(backend.db);
    await forgot(user.email);
    const { token } = mailedLink(user.email, "reset-password");

    expect(await (await reset(other.id, token)).json()).toEqual(INVALID_TOKEN);
    expect(await (await reset("no-such-user", token)).json()).toEqual(INVALID_TOKEN);

    await backend.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    expect(await (await reset(user.id, token)).json()).toEqual(INVALID_TOKEN);
  });

  it("validates the new password before looking at the token", async () => {
    const response = await backend.request("POST", "/api/v1/auth/reset-password", {
      body: { userid: "x", resetToken: "y", newPassword: "password", confirmNewPassword: "password" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fieldErrors: { newPassword: ["Password must contain a letter and a digit"] },
    });
  });
});

describe("inviting a staff member", () => {
  const newStaff = (overrides: Record<string, unknown> = {}) => ({
    email: `New.Person.${Math.random().toString(36).slice(2, 8)}@Example.test`,
    firstname: "Ada",
    lastname: "Obi",
    phone: "0803 123 4567",
    location: "Lagos",
    ...overrides,
  });

  it("creates an inactive user, mails the invitation, and the link sets the password and activates", async () => {
    const { token: adminToken } = await signedInAs(backend, "admin");
    const body = newStaff({ role: await roleIdByName(backend.db, "sales") });
    const response = await backend.request("POST", "/api/v1/auth/add-user", { token: adminToken, body });

    expect(response.status).toBe(201);
    const created = await response.json();
    expectExactly(UserRecordSchema, created);
    expect(created).toMatchObject({
      email: body.email.toLowerCase(),
      phone: "08031234567",
      status: "inactive",
      isBlocked: false,
      lastLogin: null,
      role: { role: "sales" },
    });

    const { userId, token } = mailedLink(created.email, "create-password");
    expect(userId).toBe(created.id);
    const [invite] = await backend.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, created.id));
    expect(invite.kind).toBe("invite");
    expect((invite.expiresAt.getTime() - Date.now()) / 86_400_000).toBeCloseTo(7, 1);

    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, created.id), eq(auditLog.action, "create")));
    expect(audit).toHaveLength(1);

    const mismatch = await backend.request("POST", `/api/v1/auth/create-user-password/${userId}/${token}`, {
      body: { password: "First-pass-11", confirmPassword: "First-pass-12" },
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({
      fieldErrors: { confirmPassword: ["Passwords do not match"] },
    });

    const accepted = await backend.request("POST", `/api/v1/auth/create-user-password/${userId}/${token}`, {
      body: { password: "First-pass-11", confirmPassword: "First-pass-11" },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ message: "Password Successfully created" });
    const [row] = await backend.db.select().from(users).where(eq(users.id, created.id));
    expect(row.status).toBe("active");
    await signIn(backend, created.email, "First-pass-11");

    const reused = await backend.request("POST", `/api/v1/auth/create-user-password/${userId}/${token}`, {
      body: { password: "Second-pass-22", confirmPassword: "Second-pass-22" },
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual(INVALID_TOKEN);
  });

  it("drops fields it does not take, as the existing clients expect, and stores none of them", async () => {
    const { token } = await signedInAs(backend, "admin");
    const body = newStaff({
      role: await roleIdByName(backend.db, "viewer"),
      longitude: "",
      latitude: "",
      id: "chosen-id",
      status: "active",
      isBlocked: true,
      passwordHash: "scrypt$chosen",
      roleId: await roleIdByName(backend.db, "admin"),
      createdAt: "2000-01-01T00:00:00.000Z",
    });
    const response = await backend.request("POST", "/api/v1/auth/add-user", { token, body });
    expect(response.status).toBe(201);
    const created = await response.json();
    expectExactly(UserRecordSchema, created);
    const [row] = await backend.db.select().from(users).where(eq(users.id, created.id));
    expect(row.id).not.toBe("chosen-id");
    expect(row).toMatchObject({ status: "inactive", isBlocked: false, passwordHash: null });
    expect(row.roleId).toBe(await roleIdByName(backend.db, "viewer"));
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it("does not take a reset token as an invitation", async () => {
    const user = await makeUser(backend.db, { password: null });
    await forgot(user.email);
    const { token } = mailedLink(user.email, "reset-password");
    const response = await backend.request("POST", `/api/v1/auth/create-user-password/${user.id}/${token}`, {
      body: { password: "First-pass-11", confirmPassword: "First-pass-11" },
    });
    expect(response.status).toBe(400);
  });

  it("refuses an address already in use, whatever its case, as a field error", async () => {
    const { token } = await signedInAs(backend, "admin");
    const existing = await makeUser(backend.db);
    const response = await backend.request("POST", "/api/v1/auth/add-user", {
      token,
      body: newStaff({ email: existing.email.toUpperCase(), role: await roleIdByName(backend.db, "viewer") }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: ["email: Email already exists"],
      error: "Bad Request",
      fieldErrors: { email: ["Email already exists"] },
    });
  });

  it("reuses the address of a deleted staff member", async () => {
    const { token } = await signedInAs(backend, "admin");
    const gone = await makeUser(backend.db, { deletedAt: new Date() });
    const response = await backend.request("POST", "/api/v1/auth/add-user", {
      token,
      body: newStaff({ email: gone.email, role: await roleIdByName(backend.db, "viewer") }),
    });
    expect(response.status).toBe(201);
  });

  it("refuses an unknown role as a field error", async () => {
    const { token } = await signedInAs(backend, "admin");
    const response = await backend.request("POST", "/api/v1/auth/add-user", {
      token,
      body: newStaff({ role: "no-such-role" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fieldErrors: { role: ["Invalid role"] } });
  });

  it("reports every invalid field", async () => {
    const { token } = await signedInAs(backend, "admin");
    const response = await backend.request("POST", "/api/v1/auth/add-user", {
      token,
      body: { email: "nope", firstname: "", phone: "123", location: "Lagos" },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      email: ["Invalid email format"],
      firstname: ["First name is required"],
      lastname: ["Last name is required"],
      phone: ["Phone number must be at least 10 digits"],
      role: ["Role is required"],
    });
    expect(body.message).toEqual(
      expect.arrayContaining([
        "email: Invalid email format",
        "phone: Phone number must be at least 10 digits",
      ]),
    );
  });

  it("needs write:Users", async () => {
    const { token } = await signedInAs(backend, "viewer");
    const response = await backend.request("POST", "/api/v1/auth/add-user", {
      token,
      body: newStaff({ role: await roleIdByName(backend.db, "viewer") }),
    });
    expect(response.status).toBe(403);
  });

  it("keeps the password unusable until the invitation is accepted", async () => {
    const user = await makeUser(backend.db, { password: null });
    const response = await backend.request("POST", "/api/v1/auth/login", {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(401);
  });
});
