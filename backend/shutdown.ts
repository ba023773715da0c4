import type { Server } from "node:http";
import { z } from "zod";
import { log } from "./log";

const stopMilliseconds = (fallback: number) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce
      .number({ invalid_type_error: "must be a whole number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(0, "must be 0 or more")
      .max(600_000, "must be at most 600000 (10 minutes)")
      .default(fallback),
  );

/**
 * The web server's and the API server's stop settings. SHUTDOWN_DELAY_MS: how long /readyz answers 503
 * while requests are still served (the load balancer's time to notice); SHUTDOWN_DRAIN_MS: how long
 * requests in flight (an upload, an export) may then take to finish.
 */
export const ShutdownEnvShape = {
  SHUTDOWN_DELAY_MS: stopMilliseconds(0),
  SHUTDOWN_DRAIN_MS: stopMilliseconds(8_000),
};

// Beyond the delay and the drain: a hanging stop (a stuck database close) must still end.
export const CLOSE_GRACE_MS = 5_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Draining {
  /** True from the stop signal on: /readyz answers 503. */
  readonly draining: boolean;
}

/**
 * SIGTERM/SIGINT: /readyz turns 503 at once and requests are still served for `delayMs` (the load balancer
 * stops sending new ones), then no new connection is accepted and requests in flight get `drainMs` to
 * finish, then the database closes and the process exits 0. Docker's stop period must exceed the sum.
 */
export function stopOnSignals(
  server: Server,
  closeResources: () => Promise<void>,
  { delayMs, drainMs }: { delayMs: number; drainMs: number },
  onDraining: () => void = () => undefined,
): Draining {
  const state = { draining: false };
  const stop = async (signal: NodeJS.Signals) => {
    if (state.draining) return;
    state.draining = true;
    onDraining();
    log.info(
      `${signal}: stopping (not ready; ${delayMs} ms, then up to ${drainMs} ms for requests in flight)`,
    );
    setTimeout(
      () => {
        log.error("Still stopping after the delay, the drain and the grace period: exiting anyway");
        process.exit(1);
      },
      delayMs + drainMs + CLOSE_GRACE_MS,
    ).unref();
    await pause(delayMs);
    // close() also drops idle keep-alive connections; its callback waits for busy ones to end.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.race([drained, pause(drainMs)]);
    server.closeAllConnections();
    try {
      await closeResources();
    } catch (error) {
      log.error({ err: error }, "Closing the database failed");
    }
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop(signal));
  return state;
}
