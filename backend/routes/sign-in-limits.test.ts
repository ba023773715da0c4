import { eq, sql } from "drizzle-orm";
import { rateLimits } from "../db/schema";
import { DEFAULT_LIMITS } from "../config";
import { TEST_PASSWORD, makeUser } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

/** The numbers of docs/decisions/012, as configured by default. */
let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

let address = 0;
/** Each test signs in from an address of its own, so the per-address counter is the test's own. */
const nextAddress = () => `198.51.100.${++address}`;

const login = (email: string, password: string, from: string) =>
  backend.request("POST", "/api/v1/auth/login", {
    body: { email, password },
    headers: { "x-forwarded-for": from },
  });

async function forgot(email: string) {
  const response = await backend.request("POST", "/api/v1/auth/forgot-password", { body: { email } });
  // The mail goes out after the answer.
  await backend.settled();
  return response;
}

const pairKey = (email: string, from: string) => `login:account-address:${from}:${email}`;

describe("failed sign-ins per account and address", () => {
  it("locks the account from that address after five failures, even for the right password, with a 429 and a clear message", async () => {
    const user = await makeUser(backend.db);
    const from = nextAddress();
    for (let attempt = 1; attempt <= DEFAULT_LIMITS.loginPerAccountAndAddress.max; attempt++) {
      expect((await login(user.email, "wrong-password-1", from)).status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await login(user.email, TEST_PASSWORD, from);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await locked.json()).toEqual({
      statusCode: 429,
      message: "Too many failed sign-in attempts. Please try again in 15 minutes.",
      error: "Too Many Requests",
    });
  });

  it("does not lock the real user out of their own address, however much another address guesses", async () => {
    const user = await makeUser(backend.db);
    const attacker = nextAddress();
    for (let attempt = 1; attempt <= 3 * DEFAULT_LIMITS.loginPerAccountAndAddress.max; attempt++) {
      await login(user.email, "wrong-password-1", attacker);
    }
    expect((await login(user.email, TEST_PASSWORD, attacker)).status).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, nextAddress())).status).toBe(200);
  });

  it("answers an unknown e-mail exactly the same way, so the limit reveals nothing", async () => {
    const from = nextAddress();
    const ghost = "nobody-at-all@example.test";
    for (let attempt = 1; attempt <= DEFAULT_LIMITS.loginPerAccountAndAddress.max; attempt++) {
      expect((await login(ghost, "wrong-password-1", from)).status).toBe(401);
    }
    const locked = await login(ghost, "wrong-password-1", from);
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toBe(
      "Too many failed sign-in attempts. Please try again in 15 minutes.",
    );
  });

  it("lets the account in again once the lock is over, and a success forgets earlier failures", async () => {
    const user = await makeUser(backend.db);
    const from = nextAddress();
    for (let attempt = 1; attempt <= DEFAULT_LIMITS.loginPerAccountAndAddress.max; attempt++) {
      await login(user.email, "wrong-password-1", from);
    }
    expect((await login(user.email, TEST_PASSWORD, from)).status).toBe(429);
    await backend.db
      .update(rateLimits)
      .set({
        lockedUntil: sql`now() - interval '1 second'`,
        windowStartedAt: sql`now() - interval '16 minutes'`,
      })
      .where(eq(rateLimits.key, pairKey(user.email, from)));
    expect((await login(user.email, TEST_PASSWORD, from)).status).toBe(200);

    // Four failures, a success, four more: never locked.
    for (let attempt = 1; attempt < DEFAULT_LIMITS.loginPerAccountAndAddress.max; attempt++) {
      await login(user.email, "wrong-password-1", from);
    }
    expect((await login(user.email, TEST_PASSWORD, from)).status).toBe(200);
    for (let attempt = 1; attempt < DEFAULT_LIMITS.loginPerAccountAndAddress.max; attempt++) {
      await login(user.email, "wrong-password-1", from);
    }
    expect((await login(user.email, TEST_PASSWORD, from)).status).toBe(200);
  });

  it("checks no more passwords than the limit in a burst of parallel guesses, and a success inside it clears nothing", async () => {
    const user = await makeUser(backend.db);
    const from = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        login(user.email, index === 20 ? TEST_PASSWORD : "wrong-password-1", from),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // A 401 is a password that was checked and was wrong; the rest were refused unchecked.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      DEFAULT_LIMITS.loginPerAccountAndAddress.max,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      40 - DEFAULT_LIMITS.loginPerAccountAndAddress.max,
    );
    expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
    expect((await login(user.email, TEST_PASSWORD, from)).status).toBe(429);
  });
});

describe("failed sign-ins per account from anywhere", () => {
  it("locks the account everywhere once guesses from many addresses add up", async () => {
    const user = await makeUser(backend.db);
    // Guesses from many addresses, each under its own limit.
    await backend.db.insert(rateLimits).values({
      key: `login:account:${user.email}`,
      count: DEFAULT_LIMITS.loginPerAccount.max - 1,
      windowStartedAt: new Date(),
    });
    expect((await login(user.email, "wrong-password-1", nextAddress())).status).toBe(401);
    const locked = await login(user.email, TEST_PASSWORD, nextAddress());
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toBe(
      "Too many failed sign-in attempts. Please try again in 30 minutes.",
    );
  });

  it("does not count a success, nor guesses refused by an address's own lock", async () => {
    const user = await makeUser(backend.db);
    const attacker = nextAddress();
    for (let attempt = 1; attempt <= 3 * DEFAULT_LIMITS.loginPerAccountAndAddress.max; attempt++) {
      await login(user.email, "wrong-password-1", attacker);
    }
    expect((await login(user.email, TEST_PASSWORD, nextAddress())).status).toBe(200);
    const [row] = await backend.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:account:${user.email}`));
    expect(row.count).toBe(DEFAULT_LIMITS.loginPerAccountAndAddress.max);
  });
});

describe("failed sign-ins per address", () => {
  it("tolerates an office's worth of mistakes, then locks that address only", async () => {
    const office = nextAddress();
    const people = await Promise.all(
      Array.from({ length: 3 }, () => makeUser(backend.db, { password: TEST_PASSWORD })),
    );
    // Many different people mistyping from one address, none of them locked individually.
    await backend.db.insert(rateLimits).values({
      key: `login:address:${office}`,
      count: DEFAULT_LIMITS.loginPerAddress.max - 2,
      windowStartedAt: new Date(),
    });
    expect((await login(people[0].email, "typo-password-1", office)).status).toBe(401);
    expect((await login(people[1].email, TEST_PASSWORD, office)).status).toBe(200);
    expect((await login(people[1].email, "typo-password-1", office)).status).toBe(401);
    const locked = await login(people[2].email, TEST_PASSWORD, office);
    expect(locked.status).toBe(429);
    // The same person from elsewhere is fine.
    expect((await login(people[2].email, TEST_PASSWORD, nextAddress())).status).toBe(200);
  });
});

describe("password reset mails per account", () => {
  it("sends three an hour, then answers 429 — for known and unknown addresses alike", async () => {
    const user = await makeUser(backend.db);
    for (const email of [user.email, "unknown-reset@example.test"]) {
      const sentBefore = backend.mailer.messages.length;
      for (let request = 1; request <= DEFAULT_LIMITS.resetMailsPerAccount.max; request++) {
        expect((await forgot(email)).status).toBe(200);
      }
      const refused = await forgot(email);
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toMatch(
        /^Too many password reset requests for this email\. Please try again in \d+ minutes?\.$/,
      );
      expect((await forgot(email)).status).toBe(429);
      const mailed = backend.mailer.messages.length - sentBefore;
      expect(mailed).toBe(email === user.email ? DEFAULT_LIMITS.resetMailsPerAccount.max : 0);
    }
  });
});
