import { createServer } from "node:http";
import type { Server } from "node:http";
import client from "prom-client";
import { z } from "zod";
import { log } from "./log";

/**
 * What Prometheus scrapes from each instance (docs/operations.md), on a port of its own
 * (`METRICS_PORT`) that the load balancer does not expose. One registry per process.
 */
export const registry = new client.Registry();

/** METRICS_PORT: where GET /metrics answers (unset: no metrics server). Same interface as the app (HOST). */
export const MetricsEnvShape = {
  METRICS_PORT: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce
      .number({ invalid_type_error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .optional(),
  ),
};
client.collectDefaultMetrics({ register: registry });

const registers = [registry];

export const metrics = {
  requests: new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Requests answered, by method, route (ids replaced by :id) and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  }),
  jobRounds: new client.Counter({
    name: "job_rounds_total",
    help: "Background job rounds: ran here, skipped (another instance had the slot) or failed",
    labelNames: ["job", "outcome"] as const,
    registers,
  }),
  jobWork: new client.Counter({
    name: "job_work_total",
    help: "What job rounds did, by job and step (sales cancelled, drafts deleted...)",
    labelNames: ["job", "work"] as const,
    registers,
  }),
  cacheLookups: new client.Counter({
    name: "read_cache_lookups_total",
    help: "Read cache lookups: hit, miss, or bypass (no change notices could be heard)",
    labelNames: ["cache", "result"] as const,
    registers,
  }),
  cacheInvalidations: new client.Counter({
    name: "read_cache_invalidations_total",
    help: "Times the read caches were emptied: by a write here, a change notice, or a lost notice connection",
    labelNames: ["source"] as const,
    registers,
  }),
  signInRefusals: new client.Counter({
    name: "sign_in_refusals_total",
    help: "Sign-ins refused: wrong credentials, a blocked account, or too many attempts",
    labelNames: ["reason"] as const,
    registers,
  }),
  paymentProviderErrors: new client.Counter({
    name: "payment_provider_errors_total",
    help: "Calls to the payment provider that failed (unreachable, or an answer that could not be used)",
    registers,
  }),
  messages: new client.Counter({
    name: "outbox_messages_total",
    help: "Customer messages the outbox worker handled: sent, retried later, failed, or cancelled unsent",
    labelNames: ["outcome"] as const,
    registers,
  }),
};

/** Messages waiting in the outbox (queued, due or not), read at each scrape. */
export function watchOutbox(countQueued: () => Promise<number>) {
  registry.removeSingleMetric("outbox_queued_messages");
  new client.Gauge({
    name: "outbox_queued_messages",
    help: "Customer messages queued in the outbox and not yet taken by a gateway",
    registers,
    async collect() {
      this.set(await countQueued().catch(() => Number.NaN));
    },
  });
}

/** The pool's connections, read at each scrape. */
export function watchPool(pool: { totalCount: number; idleCount: number; waitingCount: number }) {
  registry.removeSingleMetric("db_pool_connections");
  new client.Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool: connections in use, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers,
    collect() {
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
}

// A route label per page, not per record: ids, numbers and file names would make a series each.
const ID_LIKE = /^(?=.*\d)[\w.-]{6,}$|^\d+$/;
export function routeOf(path: string) {
  if (path.startsWith("/assets/")) return "/assets/:file";
  return path
    .split("/")
    .map((segment) => (ID_LIKE.test(segment) ? ":id" : segment))
    .join("/")
    .slice(0, 120);
}

export function recordRequest(method: string, route: string, status: number, seconds: number) {
  metrics.requests.observe({ method, route, status: String(status) }, seconds);
}

/** GET /metrics in Prometheus's text format on its own port; anything else is 404. */
export function startMetricsServer(port: number, host: string | undefined): Server {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    registry
      .metrics()
      .then((text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text))
      .catch((error: unknown) => {
        log.error({ err: error }, "Metrics could not be collected");
        res.writeHead(500).end();
      });
  });
  server.listen(port, host, () => log.info(`Metrics on http://${host ?? "0.0.0.0"}:${port}/metrics`));
  server.unref();
  return server;
}
