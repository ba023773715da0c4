import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ApiCaches, ApiDeps, ApiEnv, RouteDeps } from "./http/env";
import { readClientAddress } from "./http/client-address";
import { createLaterWork } from "./later";
import { createReadCache } from "./http/read-cache";
import { errorBody, handleError, handleNotFound, httpError } from "./http/errors";
import { openApiDocument } from "./http/openapi";
import { BODY_TOO_LARGE, NUL_CHARACTER } from "./http/validation";
import { UPLOAD_BODY_LIMIT_BYTES } from "./schemas/files";
import { ROUTE_GROUPS } from "./routes";

export function createApi(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const caches: ApiCaches = {
    sessions: createReadCache(deps.config.readCacheMs, { keep: (session) => session !== null }),
    overview: createReadCache(deps.config.readCacheMs),
    unseenActivity: createReadCache(deps.config.readCacheMs, { maxEntries: 1_000 }),
    counts: createReadCache(deps.config.readCacheMs),
    customerStats: createReadCache(deps.config.readCacheMs),
    customerPages: createReadCache(deps.config.readCacheMs, { maxEntries: 500 }),
    inventoryStats: createReadCache(deps.config.readCacheMs, { maxEntries: 500 }),
    productPages: createReadCache(deps.config.readCacheMs, { maxEntries: 500 }),
    inventoryPages: createReadCache(deps.config.readCacheMs, { maxEntries: 500 }),
    inventoryCategories: createReadCache(deps.config.readCacheMs),
    productCategories: createReadCache(deps.config.readCacheMs),
    warehouseRecords: createReadCache(deps.config.readCacheMs, { maxEntries: 500 }),
    devicePages: createReadCache(deps.config.readCacheMs, { maxEntries: 500 }),
    salePages: createReadCache(deps.config.readCacheMs, { maxEntries: 500 }),
    saleStats: createReadCache(deps.config.readCacheMs),
    saleDraftLists: createReadCache(deps.config.readCacheMs, { maxEntries: 1_000 }),
    portfolio: createReadCache(deps.config.readCacheMs, { maxEntries: 200 }),
    portfolioOptions: createReadCache(deps.config.readCacheMs),
    accountPages: createReadCache(deps.config.readCacheMs, { maxEntries: 500 }),
  };
  const routeDeps: RouteDeps = { ...deps, caches, later: deps.later ?? createLaterWork() };

  // Any change the API commits may touch what the caches hold (a revoked token, a new record).
  app.use(async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) {
      for (const cache of Object.values(caches)) cache.clear();
    }
  });

  // 400 rather than 413: the web app treats every refused submission alike (spec 000 §8). The rest of the
  // body is never read, so the connection is closed rather than left for a keep-alive client to wait on.
  const limitTo = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        c.header("Connection", "close");
        return c.json(errorBody(400, BODY_TOO_LARGE), 400);
      },
    });
  const jsonLimit = limitTo(deps.config.bodyLimitBytes);
  const uploadLimit = limitTo(UPLOAD_BODY_LIMIT_BYTES);
  app.use((c, next) =>
    /^multipart\/form-data/i.test(c.req.header("content-type") ?? "")
      ? uploadLimit(c, next)
      : jsonLimit(c, next),
  );

  app.use(readClientAddress(deps.config.trustProxyHops));

  // An id in the path goes to the database as text, which may not hold U+0000.
  app.use("/api/*", async (c, next) => {
    if (/%00/.test(new URL(c.req.url).pathname)) throw httpError(400, NUL_CHARACTER);
    await next();
  });

  app.get("/healthz", async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
      return c.json({ status: "ok" }, 200);
    } catch (error) {
      console.error("Health check: the database does not answer", error);
      return c.json(errorBody(503, "Database unavailable"), 503);
    }
  });
  app.get("/api/docs", (c) => c.json(openApiDocument(), 200));

  for (const group of ROUTE_GROUPS) app.route(group.path, group.routes(routeDeps));

  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}
