import type { Context } from "hono";
import type { ApiEnv } from "./env";

/**
 * The caller's address for the audit log (never for access decisions, since a header can be forged).
 * The web app calls in-process and forwards the browser's address in X-Forwarded-For; a direct call over
 * HTTP has a socket.
 */
export function clientAddress(c: Context<ApiEnv>): string | null {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  return c.env?.incoming?.socket.remoteAddress ?? null;
}
