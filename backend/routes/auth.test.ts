import { and, eq } from "drizzle-orm";
import { auditLog, authTokens, users } from "../db/schema";
import { UserRecordSchema } from "../schemas/users";
import { hashSecretToken } from "../services/secret-tokens";
import {
  TEST_PASSWORD,
  UNAUTHORIZED_BODY,
  expectExactly,
  makeUser,
  signIn,
  signedInAs,
} from "../test/factories";
import { ROLE_CATALOGUE } from "../bootstrap/roles";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

const login = (email: string, password: string) =>
  backend.request("POST", "/api/v1/auth/login", { body: { email, password } });

const whoAmI = (token: string) => backend.request("GET", "/api/v1/users/single", { token });

describe("POST /api/v1/auth/login", () => {
  it("answers the user record and puts the token in the access_token header", async () => {
    const user = await makeUser(backend.db, { role: "sales" });
    const response = await login(user.email, TEST_PASSWORD);

    expect(response.status).toBe(200);
    const token = response.headers.get("access_token");
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(response.headers.get("access-control-expose-headers")).toBe("access_token");
    const body = await response.json();
    expectExactly(UserRecordSchema, body);
    expect(body).toMatchObject({ id: user.id, email: user.email, role: { role: "sales" } });
    expect(body.role.permissionIds).toHaveLength(ROLE_CATALOGUE.sales.length);
    expect(body.role.permissions).toContainEqual(
      expect.objectContaining({ action: "manage", subject: "Sales" }),
    );
    expect(body.lastLogin).not.toBeNull();

    expect((await whoAmI(token ?? "")).status).toBe(200);
  });

  it("stores only a hash of the token", async () => {
    const user = await makeUser(backend.db);
    const token = await signIn(backend, user.email);
    const stored = await backend.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(hashSecretToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("matches the e-mail address whatever its case", async () => {
    const user = await makeUser(backend.db);
    expect((await login(user.email.toUpperCase(), TEST_PASSWORD)).status).toBe(200);
  });

  it("records the sign-in and the time of it", async () => {
    const user = await makeUser(backend.db);
    await signIn(backend, user.email);
    const [row] = await backend.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastLogin).toBeInstanceOf(Date);
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, user.id), eq(auditLog.action, "login")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: user.id, subject: "Users" });
  });

  it.each([
    ["a wrong password", async () => [(await makeUser(backend.db)).email, "Wrong-password-1"]],
    ["an unknown e-mail", async () => ["nobody@example.test", TEST_PASSWORD]],
    [
      "a user who has not set a password yet",
      async () => [(await makeUser(backend.db, { password: null })).email, TEST_PASSWORD],
    ],
    [
      "a deleted user",
      async () => [(await makeUser(backend.db, { deletedAt: new Date() })).email, TEST_PASSWORD],
    ],
  ])("refuses %s with 401 Invalid credentials provided", async (_case, credentials) => {
    const [email, password] = await credentials();
    const response = await login(email, password);
    expect(response.status).toBe(401);
    expect(response.headers.get("access_token")).toBeNull();
    expect(await response.json()).toEqual({
      statusCode: 401,
      message: "Invalid credentials provided",
      error: "Unauthorized",
    });
  });

  it("refuses a blocked user with 403 once the password is right", async () => {
    const user = await makeUser(backend.db, { isBlocked: true });
    const response = await login(user.email, TEST_PASSWORD);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      statusCode: 403,
      message: "Your account has been blocked. Please contact your administrator.",
      error: "Forbidden",
    });
    expect((await login(user.email, "Wrong-password-1")).status).toBe(401);
  });

  it("lets an inactive user who has a password sign in", async () => {
    const user = await makeUser(backend.db, { status: "inactive" });
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("validates the body", async () => {
    const response = await backend.request("POST", "/api/v1/auth/login", { body: { email: "not-an-email" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: ["email: Invalid email address", "password: Password is required"],
      error: "Bad Request",
      fieldErrors: { email: ["Invalid email address"], password: ["Password is required"] },
    });
  });
});

describe("bearer tokens", () => {
  it("are refused when missing, unknown or malformed", async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: "Bearer nope" },
      { authorization: "Basic abc" },
      { authorization: "Bearer" },
    ];
    for (const headers of headerSets) {
      const response = await backend.request("GET", "/api/v1/users/single", { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(UNAUTHORIZED_BODY);
    }
  });

  it("stop working after logout", async () => {
    const { token } = await signedInAs(backend, "viewer");
    const response = await backend.request("POST", "/api/v1/auth/logout", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Signed out successfully" });

    const after = await whoAmI(token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual(UNAUTHORIZED_BODY);
  });

  it("of a user blocked meanwhile are refused", async () => {
    const { user, token } = await signedInAs(backend, "viewer");
    await backend.db.update(users).set({ isBlocked: true }).where(eq(users.id, user.id));
    expect((await whoAmI(token)).status).toBe(401);
  });

  it("of a user deleted meanwhile are refused", async () => {
    const { user, token } = await signedInAs(backend, "viewer");
    await backend.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await whoAmI(token)).status).toBe(401);
  });

  it("are refused once expired", async () => {
    const { token } = await signedInAs(backend, "viewer");
    await backend.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashSecretToken(token)));
    expect((await whoAmI(token)).status).toBe(401);
  });

  it("last for TOKEN_TTL_HOURS", async () => {
    const { token } = await signedInAs(backend, "viewer");
    const [row] = await backend.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashSecretToken(token)));
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(backend.config.tokenTtlHours, 1);
  });

  it("note their last use at most once a minute", async () => {
    const { token } = await signedInAs(backend, "viewer");
    const byHash = eq(authTokens.tokenHash, hashSecretToken(token));
    await whoAmI(token);
    const [first] = await backend.db.select().from(authTokens).where(byHash);
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    await whoAmI(token);
    const [second] = await backend.db.select().from(authTokens).where(byHash);
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await backend.db.update(authTokens).set({ lastUsedAt: twoMinutesAgo }).where(byHash);
    await whoAmI(token);
    const [third] = await backend.db.select().from(authTokens).where(byHash);
    expect(third.lastUsedAt?.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
  });
});

describe("POST /api/v1/auth/change-password", () => {
  const change = (token: string, body: unknown) =>
    backend.request("POST", "/api/v1/auth/change-password", { token, body });

  it("changes the password, keeps this session and signs out the others", async () => {
    const user = await makeUser(backend.db);
    const current = await signIn(backend, user.email);
    const other = await signIn(backend, user.email);

    const response = await change(current, {
      oldPassword: TEST_PASSWORD,
      password: "Brand-new-99",
      confirmPassword: "Brand-new-99",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Password Successfully updated" });

    expect((await whoAmI(current)).status).toBe(200);
    expect((await whoAmI(other)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.email, "Brand-new-99")).status).toBe(200);
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, user.id), eq(auditLog.action, "change-password")));
    expect(audit).toHaveLength(1);
  });

  it("refuses a wrong current password as a field error", async () => {
    const { token } = await signedInAs(backend, "viewer");
    const response = await change(token, {
      oldPassword: "Not-my-password-1",
      password: "Brand-new-99",
      confirmPassword: "Brand-new-99",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: ["oldPassword: Current password is incorrect"],
      error: "Bad Request",
      fieldErrors: { oldPassword: ["Current password is incorrect"] },
    });
  });

  it("validates the new password", async () => {
    const { token } = await signedInAs(backend, "viewer");
    const response = await change(token, {
      oldPassword: TEST_PASSWORD,
      password: "short",
      confirmPassword: "other",
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors.password).toContain("Password must be at least 8 characters");
  });

  it("needs a signed-in caller", async () => {
    const response = await change("", {
      oldPassword: TEST_PASSWORD,
      password: "Brand-new-99",
      confirmPassword: "Brand-new-99",
    });
    expect(response.status).toBe(401);
  });
});
