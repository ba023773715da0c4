import { createCookieSessionStorage, data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PermissionName } from "#backend/schemas/permissions";
import type { UserRecord } from "#backend/schemas/users";
import { UserRecordSchema } from "#backend/schemas/users";
import { appConfig } from "./config.server";
import { redirectWithError, redirectWithWarning } from "./toast.server";
import { MESSAGES, describeFailure } from "./utils/error-catalogue";
import { can } from "./utils/permissions";
import { signInUrl } from "./utils/redirect";
import { log } from "#backend/log";

const SEVEN_DAYS = 60 * 60 * 24 * 7;

// Permissions as `action:subject` strings only: the whole session must fit in one cookie.
export const SessionUserSchema = UserRecordSchema.omit({ role: true }).extend({
  role: z.object({
    id: z.string(),
    role: z.string(),
    active: z.boolean(),
    permissions: z.array(z.string()),
  }),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

const SessionDataSchema = z.object({ token: z.string().min(1), user: SessionUserSchema });
export type SessionData = z.infer<typeof SessionDataSchema>;

export function toSessionUser(record: UserRecord): SessionUser {
  const { role, ...user } = record;
  return SessionUserSchema.parse({
    ...user,
    role: {
      id: role.id,
      role: role.role,
      active: role.active,
      permissions: role.permissions.map((permission) => `${permission.action}:${permission.subject}`),
    },
  });
}

const storage = createCookieSessionStorage({
  cookie: {
    name: "userData",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: SEVEN_DAYS,
    secrets: appConfig().sessionSecrets,
    secure: appConfig().secureCookies,
  },
});

function sessionCookieValue(request: Request) {
  return /(?:^|;\s*)userData=([^;]*)/.exec(request.headers.get("Cookie") ?? "")?.[1] ?? null;
}

// A signed cookie always reads as the same session, so it is verified once per value; the backend still
// checks the token on every call, so a revoked session is refused.
const sessionsByCookie = new Map<string, SessionData>();
const MAX_REMEMBERED_COOKIES = 1_000;

async function readSession(request: Request) {
  try {
    return await storage.getSession(request.headers.get("Cookie"));
  } catch {
    return storage.getSession();
  }
}

// Loaders of one request share its Request object; the cookie is checked once for all of them.
const parsedSessions = new WeakMap<Request, Promise<SessionData | null>>();

/** The signed-in session, or null. A tampered or garbled cookie counts as signed out (and is logged). */
export function getSessionData(request: Request): Promise<SessionData | null> {
  let parsed = parsedSessions.get(request);
  if (!parsed) {
    parsed = parseSessionData(request);
    parsedSessions.set(request, parsed);
  }
  return parsed;
}

async function parseSessionData(request: Request): Promise<SessionData | null> {
  const cookie = sessionCookieValue(request);
  const remembered = cookie ? sessionsByCookie.get(cookie) : undefined;
  if (remembered) return remembered;
  const session = await readSession(request);
  const parsed = SessionDataSchema.safeParse({ token: session.get("token"), user: session.get("user") });
  if (parsed.success) {
    if (cookie) {
      if (sessionsByCookie.size >= MAX_REMEMBERED_COOKIES) sessionsByCookie.clear();
      sessionsByCookie.set(cookie, parsed.data);
    }
    return parsed.data;
  }
  if (cookie !== null) {
    log.warn(`Ignoring an unreadable userData cookie on ${new URL(request.url).pathname}`);
  }
  return null;
}

export async function requireSession(request: Request): Promise<SessionData> {
  const data = await getSessionData(request);
  if (data) return data;
  const url = new URL(request.url);
  throw await redirectWithWarning(signInUrl(`${url.pathname}${url.search}`), MESSAGES.notLoggedIn, {
    headers: await clearSessionHeaders(request),
  });
}

export async function requireUser(request: Request) {
  return (await requireSession(request)).user;
}

/** The Access Denied panel (403) before anything is read or sent; the API refuses them too. */
export async function requirePermission(request: Request, permission: PermissionName) {
  const user = await requireUser(request);
  if (!can(user, permission)) throw data(describeFailure({ status: 403 }), { status: 403 });
  return user;
}

export async function commitSessionHeaders(request: Request, data: SessionData) {
  const session = await readSession(request);
  session.set("token", data.token);
  session.set("user", data.user);
  return { "Set-Cookie": await storage.commitSession(session) };
}

async function clearSessionHeaders(request: Request): Promise<Record<string, string>> {
  if (sessionCookieValue(request) === null) return {};
  return { "Set-Cookie": await storage.destroySession(await readSession(request)) };
}

export async function signOut(request: Request, options: { toast?: string } = {}) {
  const headers = await clearSessionHeaders(request);
  if (options.toast && new URL(request.url).pathname !== "/") {
    return redirectWithError("/", options.toast, { headers });
  }
  return redirect("/", { headers });
}
