import type { Request, RequestHandler } from "express";

/** IPv4 clients of a dual-stack socket show as ::ffff:a.b.c.d; the audit log wants a.b.c.d. */
function plainAddress(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the address the nearest trusted proxy
 * saw (Express's req.ip, which walks X-Forwarded-For from the right, never from the browser's end).
 */
export function clientAddress(req: Request): string | undefined {
  const address = req.ip ?? req.socket.remoteAddress;
  return address ? plainAddress(address) : undefined;
}

/**
 * Replaces the forwarding headers on the request handed to Remix (and from there to the backend, which
 * logs and will rate-limit by X-Forwarded-For): the browser's own X-Forwarded-For never gets through,
 * and without a trusted proxy neither do X-Forwarded-Host and X-Forwarded-Proto.
 */
export function rewriteForwardedHeaders({ trustProxy }: { trustProxy: boolean }): RequestHandler {
  return (req, _res, next) => {
    const address = clientAddress(req);
    if (address) req.headers["x-forwarded-for"] = address;
    else delete req.headers["x-forwarded-for"];
    if (!trustProxy) {
      delete req.headers["x-forwarded-host"];
      delete req.headers["x-forwarded-proto"];
    }
    next();
  };
}
