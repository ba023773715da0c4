import type { Request, RequestHandler } from "express";

function plainAddress(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

export function clientAddress(req: Request): string | undefined {
  const address = req.ip ?? req.socket.remoteAddress;
  return address ? plainAddress(address) : undefined;
}

/** The backend logs by X-Forwarded-For, so a browser's own must never reach it. */
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
