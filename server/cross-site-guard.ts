import type { Request, RequestHandler } from "express";
import { checkOrigin, needsOriginCheck } from "./origin-check";
import { log } from "#backend/log";

export const ACCESS_DENIED_PATH = "/access-denied";

export function isDataRequest(req: Request): boolean {
  return req.path.endsWith(".data") || req.query._data !== undefined;
}

function addressedHost(req: Request, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return forwarded || req.get("host");
}

/** Remix's own check covers document POSTs only, not `.data` / `?_data=`, and answers an empty 500. */
export function refuseCrossSiteWrites({
  trustProxy,
  appOrigin,
}: {
  trustProxy: boolean;
  appOrigin: string | undefined;
}): RequestHandler {
  return (req, res, next) => {
    if (!needsOriginCheck(req.method, req.path)) return next();
    const decision = checkOrigin({
      origin: req.get("origin"),
      referer: req.get("referer"),
      host: addressedHost(req, trustProxy),
      appOrigin,
    });
    if (decision.allowed) {
      // Remix's own copy of this check knows no APP_URL: behind a Host-rewriting proxy it would answer 500.
      if (decision.by === "app-url") delete req.headers.origin;
      return next();
    }
    log.warn(`Refused a cross-site ${req.method} ${req.path}: ${decision.reason}`);
    if (isDataRequest(req)) {
      res.status(403).json({
        statusCode: 403,
        message: "Forms from other sites are not accepted",
        error: "Forbidden",
      });
      return;
    }
    req.method = "GET";
    req.url = ACCESS_DENIED_PATH;
    req.originalUrl = ACCESS_DENIED_PATH;
    for (const name of ["content-type", "content-length", "transfer-encoding"]) delete req.headers[name];
    next();
  };
}
