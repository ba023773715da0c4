import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { and, eq, like } from "drizzle-orm";
import { createApi } from "../app";
import { DEFAULT_LIMITS } from "../config";
import type { BackendConfig } from "../config";
import { auditLog, rateLimits } from "../db/schema";
import { TEST_PASSWORD, makeUser } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

/**
 * The API served on a real socket, as `npm run start:api` serves it: whom it believes about the caller's
 * address decides the per-address sign-in limit and the audit log.
 */
let backend: TestBackend;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await backend.close();
});

const perAddress = { max: 3, windowMs: 60_000, lockMs: 60_000 };

async function serveApi(config: Partial<BackendConfig>) {
  const app = createApi({
    db: backend.db,
    mailer: backend.mailer,
    config: { ...backend.config, limits: { ...DEFAULT_LIMITS, loginPerAddress: perAddress }, ...config },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (email: string, password: string, forwardedFor?: string) =>
    fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
      },
      body: JSON.stringify({ email, password }),
    });
}

let forged = 0;
const forgedAddress = () => `203.0.113.${++forged}`;

async function clearAddressCounters() {
  await backend.db.delete(rateLimits).where(like(rateLimits.key, "login:address:%"));
}

describe("the API on its own socket", () => {
  beforeEach(clearAddressCounters);

  it("counts wrong sign-ins by the socket's address, whatever X-Forwarded-For claims", async () => {
    const login = await serveApi({ trustProxyHops: 0 });
    const answers: number[] = [];
    for (let attempt = 1; attempt <= perAddress.max + 1; attempt++) {
      const response = await login(`nobody-${attempt}@example.test`, "wrong-password-1", forgedAddress());
      answers.push(response.status);
    }
    expect(answers).toEqual([401, 401, 401, 429]);
    const keys = (await backend.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain("login:address:127.0.0.1");
    expect(keys.filter((key) => key.startsWith("login:address:203.0.113."))).toEqual([]);
  });

  it("writes the socket's address, not a forged one, to the audit log", async () => {
    const login = await serveApi({ trustProxyHops: 0 });
    const user = await makeUser(backend.db);
    expect((await login(user.email, TEST_PASSWORD, "203.0.113.250")).status).toBe(200);
    const [entry] = await backend.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, "login")));
    expect(entry.ip).toBe("127.0.0.1");
  });

  it("behind one trusted proxy (the web app), takes the address that proxy forwarded", async () => {
    const login = await serveApi({ trustProxyHops: 1 });
    // A browser's own claim sits to the left of what the proxy appended: never believed.
    const answers: number[] = [];
    for (let attempt = 1; attempt <= perAddress.max + 1; attempt++) {
      const response = await login(
        `nobody-proxied-${attempt}@example.test`,
        "wrong-password-1",
        `198.51.100.77, ${forgedAddress()}`,
      );
      answers.push(response.status);
    }
    expect(answers).toEqual([401, 401, 401, 401]);
    const user = await makeUser(backend.db);
    expect((await login(user.email, TEST_PASSWORD, "10.0.0.1, 192.0.2.44")).status).toBe(200);
    const [entry] = await backend.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, "login")));
    expect(entry.ip).toBe("192.0.2.44");
  });
});

describe("the API called in-process", () => {
  it("believes X-Forwarded-For, which only the web server in the same process can have written", async () => {
    const user = await makeUser(backend.db);
    const response = await backend.request("POST", "/api/v1/auth/login", {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": "192.0.2.9" },
    });
    expect(response.status).toBe(200);
    const [entry] = await backend.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, "login")));
    expect(entry.ip).toBe("192.0.2.9");
  });
});
