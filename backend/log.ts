import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import pino from "pino";

/** What one request's log line says beyond the basics; the API's guard fills in who asked. */
export interface RequestContext {
  id: string;
  userId?: string;
}

// The web host starts it for each request; an in-process API call runs inside the same one.
export const requestContext = new AsyncLocalStorage<RequestContext>();

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const chosenLevel = LEVELS.find((level) => level === process.env.LOG_LEVEL);

/**
 * One JSON line per event (and per request, from the hosts), with its level and the instance that wrote it.
 * Tests log nothing unless LOG_LEVEL asks; the API tests check what is logged by spying on these methods.
 */
export const log = pino({
  level: chosenLevel ?? (process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info"),
  base: { instance: process.env.INSTANCE_ID || `${hostname()}:${process.pid}` },
  timestamp: pino.stdTimeFunctions.isoTime,
  // Whatever an object logged carries under these names never reaches the log.
  redact: {
    paths: [
      "password",
      "*.password",
      "token",
      "*.token",
      "authorization",
      "*.authorization",
      "link",
      "*.link",
    ],
    censor: "[redacted]",
  },
  mixin: () => {
    const request = requestContext.getStore();
    return request ? { requestId: request.id, ...(request.userId && { userId: request.userId }) } : {};
  },
});

/** A caller's request id when it looks like one (a proxy's), else a new one. */
export function requestIdFrom(header: string | null | undefined) {
  return header && /^[\w.:-]{1,100}$/.test(header) ? header : randomUUID();
}

/** The request line: method, path (no query: it may hold search words), status, duration and who asked. */
export function logRequest(fields: { method: string; path: string; status: number; durationMs: number }) {
  // Probes come every few seconds from the orchestrator: only worth a line when they fail.
  const probe = /^\/(livez|readyz|healthz)$/.test(fields.path);
  const level = fields.status >= 500 ? "error" : probe ? "debug" : "info";
  const userId = requestContext.getStore()?.userId;
  log[level](
    { ...fields, durationMs: Math.round(fields.durationMs * 10) / 10, ...(userId && { userId }) },
    "request",
  );
}
