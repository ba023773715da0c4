import type { Context, MiddlewareHandler } from "hono";
import type { ApiEnv } from "./env";

/** IPv4 callers of a dual-stack socket show as ::ffff:a.b.c.d; the audit log wants a.b.c.d. */
function plainAddress(address: string): string {
  const plain = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  return plain.slice(0, 64);
}

/**
 * Who called, for the per-address sign-in limit and the audit log. An in-process call has no socket: it
 * comes from the web server in this process, which has already replaced the browser's X-Forwarded-For
 * with the address it believes (server/forwarded-headers.ts). On a socket, X-Forwarded-For is read only
 * through `trustProxyHops` proxies, from the right (each proxy appends the address it saw), so a caller
 * who reaches the API directly cannot choose its own address.
 */
export function resolveClientAddress(c: Context<ApiEnv>, trustProxyHops: number): string | null {
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const socketAddress = c.env?.incoming?.socket.remoteAddress;
  if (socketAddress === undefined) {
    const nearest = forwarded.at(-1);
    return nearest ? plainAddress(nearest) : null;
  }
  // Nearest first: the socket, then each proxy's entry, the right end first.
  const hops = [socketAddress, ...forwarded.reverse()];
  return plainAddress(hops[Math.min(trustProxyHops, hops.length - 1)]);
}

/** Resolves the address once per request, with the deployment's trusted proxies. */
export function readClientAddress(trustProxyHops: number): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set("clientAddress", resolveClientAddress(c, trustProxyHops));
    await next();
  };
}

export function clientAddress(c: Context<ApiEnv>): string | null {
  return c.get("clientAddress") ?? null;
}
