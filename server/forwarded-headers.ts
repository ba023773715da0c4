import type { Request, RequestHandler } from "express";

/** IPv4 clients of a dual-stack socket show as ::ffff:a.b.c.d; the audit log wants a.b.c.d. */
function plainAddress(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

/** With TRUST_PROXY, req.ip reads X-Forwarded-For from the right: never the end a browser can write. */
export function clientAddress(req: Request): string | undefined {
  const address = req.ip ?? req.socket.remoteAddress;
  return address ? plainAddress(address) : undefined;
}

/** The backend logs (and will rate-limit) by X-Forwarded-For: a browser's own must never reach it. */
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
