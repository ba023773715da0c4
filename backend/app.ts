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
import { log, logRequest, requestContext, requestIdFrom } from "./log";
import { metrics, recordRequest } from "./metrics";

const READY_TIMEOUT_MS = 2_000;
/**
 * The filter forms' option lists (agents, collectors, products) and the portfolio's figures change only
 * with a committed change, and every committed change empties every cache: kept for a minute rather than
 * `READ_CACHE_MS`, so pages read a quiet minute apart do not work them out again (decisions 006, 038). Off
 * when the read cache is.
 */
const QUIET_CACHE_MS = 60_000;

export function createApi(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const trusted = deps.changes ? () => deps.changes?.listening() ?? false : undefined;
  const counted = (name: string) => (result: "hit" | "miss" | "bypass") =>
    metrics.cacheLookups.inc({ cache: name, result });
  const cache = <Value>(name: string, options: { maxEntries?: number; ttlMs?: number } = {}) =>
    createReadCache<Value>(options.ttlMs ?? deps.config.readCacheMs, {
      ...options,
      trusted,
      onLookup: counted(name),
    });
  const quietMs = deps.config.readCacheMs > 0 ? Math.max(deps.config.readCacheMs, QUIET_CACHE_MS) : 0;
  const caches: ApiCaches = {
    sessions: createReadCache(deps.config.sessionCacheMs, {
      trusted,
      keep: (session) => session !== null,
      onLookup: counted("sessions"),
    }),
    overview: cache("overview"),
    unseenActivity: cache("unseenActivity", { maxEntries: 1_000 }),
    counts: cache("counts"),
    customerStats: cache("customerStats"),
    customerPages: cache("customerPages", { maxEntries: 500 }),
    customerAnchors: cache("customerAnchors", { maxEntries: 100 }),
    inventoryStats: cache("inventoryStats", { maxEntries: 500 }),
    productPages: cache("productPages", { maxEntries: 500 }),
    inventoryPages: cache("inventoryPages", { maxEntries: 500 }),
    inventoryCategories: cache("inventoryCategories"),
    productCategories: cache("productCategories"),
    warehouseRecords: cache("warehouseRecords", { maxEntries: 500 }),
    devicePages: cache("devicePages", { maxEntries: 500 }),
    salePages: cache("salePages", { maxEntries: 500 }),
    saleStats: cache("saleStats"),
    saleDraftLists: cache("saleDraftLists", { maxEntries: 1_000 }),
    portfolio: cache("portfolio", { maxEntries: 200, ttlMs: quietMs }),
    portfolioOptions: cache("portfolioOptions", { ttlMs: quietMs }),
    accountPages: cache("accountPages", { maxEntries: 500 }),
    worklistPages: cache("worklistPages", { maxEntries: 500 }),
    collectionCounts: cache("collectionCounts", { maxEntries: 500 }),
    collectionOptions: cache("collectionOptions", { ttlMs: quietMs }),
  };
  const forgetAll = (source: "write" | "notice") => {
    metrics.cacheInvalidations.inc({ source });
    for (const each of Object.values(caches)) each.clear();
  };
  deps.changes?.onChange(() => forgetAll("notice"));

  // Run alone (`backend/server.ts`), the API writes its own request lines; in-process, the web host does.
  app.use(async (c, next) => {
    if (requestContext.getStore()) return next();
    const context = { id: requestIdFrom(c.req.header("x-request-id")) };
    const started = performance.now();
    await requestContext.run(context, async () => {
      await next();
      c.header("X-Request-Id", context.id);
      const durationMs = performance.now() - started;
      recordRequest(c.req.method, c.req.routePath, c.res.status, durationMs / 1000);
      logRequest({
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        durationMs,
      });
    });
  });

  const routeDeps: RouteDeps = { ...deps, caches, later: deps.later ?? createLaterWork() };

  // Any change the API commits may touch what the caches hold (a revoked token, a new record).
  app.use(async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) forgetAll("write");
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

  // Probes for ops (docs/operations.md): /livez says the process answers (the container's
  // health check), /readyz that it should get traffic (the load balancer's), /healthz is the older name of
  // the database check.
  app.get("/livez", (c) => c.json({ status: "ok" }, 200));
  const databaseAnswers = async (probe: string) => {
    const timeout = new Promise<never>((_resolve, reject) => {
      setTimeout(() => reject(new Error(`no answer in ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS).unref();
    });
    try {
      await Promise.race([deps.db.execute(sql`select 1`), timeout]);
      return true;
    } catch (error) {
      log.error({ err: error }, `${probe}: the database does not answer`);
      return false;
    }
  };
  app.get("/healthz", async (c) =>
    (await databaseAnswers("Health check"))
      ? c.json({ status: "ok" }, 200)
      : c.json(errorBody(503, "Database unavailable"), 503),
  );
  app.get("/readyz", async (c) => {
    if (deps.draining?.()) return c.json(errorBody(503, "Stopping"), 503);
    return (await databaseAnswers("Readiness"))
      ? c.json({ status: "ready" }, 200)
      : c.json(errorBody(503, "Database unavailable"), 503);
  });
  app.get("/api/docs", (c) => c.json(openApiDocument(), 200));

  for (const group of ROUTE_GROUPS) app.route(group.path, group.routes(routeDeps));

  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}
