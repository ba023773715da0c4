import type { Context, MiddlewareHandler } from "hono";
import type { AppDb } from "../db/client";
import type { StaffActor } from "../services/audit";
import { authenticateToken } from "../services/auth-tokens";
import type { AuthSession } from "../services/auth-tokens";
import { isGranted } from "../schemas/permissions";
import type { PermissionName } from "../schemas/permissions";
import { hashSecretToken } from "../services/secret-tokens";
import { clientAddress } from "./client-address";
import type { ReadCache } from "./read-cache";
import type { ApiEnv } from "./env";
import { requestContext } from "../log";
import { NOT_PERMITTED, UNAUTHORIZED, httpError } from "./errors";

function bearerToken(header: string | undefined) {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

/** Declared on every protected route, so what a route needs is read where the route is. */
export function createGuard(db: AppDb, sessions: ReadCache<AuthSession | null>) {
  return function guard(permission?: PermissionName): MiddlewareHandler<ApiEnv> {
    return async (c, next) => {
      const token = bearerToken(c.req.header("authorization"));
      const session = token
        ? await sessions.get(hashSecretToken(token), () => authenticateToken(db, token))
        : null;
      if (!session) throw httpError(401, UNAUTHORIZED);
      if (permission && !isGranted(session.permissions, permission)) throw httpError(403, NOT_PERMITTED);
      c.set("session", session);
      const request = requestContext.getStore();
      if (request) request.userId = session.userId;
      await next();
    };
  };
}

/** The caller a guard admitted; a route that forgot its guard fails closed. */
export function currentSession(c: Context<ApiEnv>): AuthSession {
  const session = c.get("session");
  if (!session) throw httpError(401, UNAUTHORIZED);
  return session;
}

export function signedInActor(c: Context<ApiEnv>): StaffActor {
  const { userId, permissions } = currentSession(c);
  return { userId, permissions, ip: clientAddress(c) };
}
