import type { Context, MiddlewareHandler } from "hono";
import type { ApiEnv } from "./env";

function plainAddress(address: string): string {
  const plain = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  return plain.slice(0, 64);
}

// An in-process call comes from the web server, which already set X-Forwarded-For; on a socket it is read
// only through `trustProxyHops` proxies, from the right, so a direct caller cannot choose its address.
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

export function readClientAddress(trustProxyHops: number): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set("clientAddress", resolveClientAddress(c, trustProxyHops));
    await next();
  };
}

export function clientAddress(c: Context<ApiEnv>): string | null {
  return c.get("clientAddress") ?? null;
}
