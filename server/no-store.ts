import type { RequestHandler } from "express";

/** Signed-in pages must never be cached; decided as headers go out, so a route's own Cache-Control wins. */
export function noStoreByDefault(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!this.hasHeader("cache-control")) this.setHeader("Cache-Control", "no-store");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
