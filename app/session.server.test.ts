// Before the imports: the module builds its cookie storage from the configuration when it loads.
vi.hoisted(() => {
  process.env.SESSION_SECRET = "session-test-secret-0123456789";
});

import { commitSessionHeaders, getSessionData } from "./session.server";
import type { SessionData } from "./session.server";
import { log } from "#backend/log";

const session: SessionData = {
  token: "token-1",
  user: {
    id: "user-1",
    firstname: "Ada",
    lastname: "Obi",
    username: null,
    email: "ada@example.com",
    phone: "08012345678",
    location: "Lagos",
    staffId: null,
    status: "active",
    isBlocked: false,
    lastLogin: null,
    roleId: "role-1",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    deletedAt: null,
    role: { id: "role-1", role: "admin", active: true, permissions: ["manage:all"] },
  },
};

async function signedCookie() {
  const headers = await commitSessionHeaders(new Request("http://app.test/"), session);
  return headers["Set-Cookie"].split(";")[0];
}
const requestWith = (cookie: string) => new Request("http://app.test/home", { headers: { Cookie: cookie } });

describe("session cookie", () => {
  it("reads the same cookie as the same session on every request", async () => {
    const cookie = await signedCookie();
    const first = await getSessionData(requestWith(cookie));
    expect(first).toEqual(session);
    expect(await getSessionData(requestWith(`toast=x; ${cookie}`))).toBe(first);
  });

  it("still refuses a cookie altered after its genuine form was read", async () => {
    const cookie = await signedCookie();
    expect(await getSessionData(requestWith(cookie))).not.toBeNull();
    const value = cookie.slice("userData=".length);
    const tampered = `userData=${value.slice(0, 5)}${value[5] === "A" ? "B" : "A"}${value.slice(6)}`;
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    expect(await getSessionData(requestWith(tampered))).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
