import type { RequestHandler } from "express";

/**
 * Pages are per user (signed-in lists, profiles, tokens in forms), so no browser or proxy may keep them:
 * every answer that reaches this point (everything but the static files) is `no-store` unless its
 * route chose a Cache-Control itself. Set as the headers go out, since Remix adds its own later.
 */
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
