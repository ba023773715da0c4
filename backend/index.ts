import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { createApi } from "./app";
import { configFingerprint, loadBackendConfig } from "./config";
import type { BackendConfig } from "./config";
import { openDatabase } from "./db/client";
import { pendingMigrations, prepareDatabase } from "./bootstrap/first-start";
import type { ApiEnv } from "./http/env";
import { createLaterWork } from "./later";
import { startHousekeeping, startOutboxWorker } from "./jobs";
import { watchOutbox } from "./metrics";
import { realSmsProviderFor } from "./services/messaging/sms-providers";
import { countQueuedMessages } from "./services/messaging/messages";
import { sandboxSmsProvider } from "./services/messaging/worker";
import { createMailer } from "./mail";
import { log } from "./log";

export interface Backend {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export interface StartedBackend extends Backend {
  /** From now on `/readyz` answers 503 (the API run alone, on SIGTERM). */
  drain(): void;
  app: Hono<ApiEnv>;
  config: BackendConfig;
}

export async function startBackend(
  env: Record<string, string | undefined> = process.env,
): Promise<StartedBackend> {
  const config = loadBackendConfig(env);
  log.info(
    { database: config.databaseUrl ? "postgres" : "embedded", configuration: configFingerprint(config) },
    `Starting instance ${config.instanceId}`,
  );
  const database = await openDatabase(config);
  try {
    if (config.migrateOnStart) await prepareDatabase(database, config);
    else {
      // A rolling deploy migrates once, as a job of its own, before the new version's processes start.
      const pending = await pendingMigrations(database.db);
      if (pending > 0) {
        throw new Error(
          `MIGRATE_ON_START=0 and ${pending} migration(s) are not applied: run \`node build/migrate.js\` ` +
            "(in the image, with the same DATABASE_URL) first",
        );
      }
    }
    // PGlite runs no autovacuum daemon: each start does its work (planner statistics, visibility map).
    if (database.kind === "pglite") await database.db.execute(sql`vacuum analyze`);
  } catch (error) {
    await database.close();
    throw error;
  }
  if (config.nodeEnv === "production" && !config.flutterwave) {
    // Only reached with PAYMENT_SANDBOX=1 (the configuration refuses the start otherwise).
    log.warn(
      "PAYMENT_SANDBOX=1: online payments use the built-in sandbox provider (no money moves); set " +
        "FLW_PUBLIC_KEY, FLW_SECRET_KEY and FLW_WEBHOOK_HASH instead to take real payments through Flutterwave.",
    );
  }
  if (config.nodeEnv === "production" && config.sms.provider === "sandbox") {
    log.warn(
      "No SMS gateway is configured: customer messages are recorded in the outbox and not sent. Set the " +
        "Africa's Talking or Termii keys (README, \"Sending messages\") to reach customers' phones.",
    );
  }
  const later = createLaterWork();
  const mailer = createMailer(config);
  // Other processes, jobs and SQL consoles write too: their changes must empty this process's caches.
  const changes = await database.listenForChanges();
  let draining = false;
  const app = createApi({
    db: database.db,
    config,
    mailer,
    later,
    changes,
    draining: () => draining,
  });
  const housekeeping = startHousekeeping(database, config);
  const outbox = startOutboxWorker(
    database,
    {
      sms: realSmsProviderFor(config) ?? sandboxSmsProvider,
      mailer,
      mailerName: config.smtpUrl ? "smtp" : config.mailOutboxDir ? "outbox-dir" : "log",
    },
    config.messagePollMs,
  );
  watchOutbox(() => countQueuedMessages(database.db));
  return {
    app,
    config,
    fetch: async (request) => app.fetch(request),
    drain() {
      draining = true;
    },
    async close() {
      await housekeeping.stop();
      await outbox.stop();
      await later.settled();
      await changes.close();
      await database.close();
    },
  };
}

// Kept on globalThis so the Vite dev server's reloads, which re-evaluate this module, reuse the open database:
// PGlite must never have one directory open twice.
const globalStore = globalThis as typeof globalThis & { __backOfficeBackend?: Promise<Backend> };

export function getBackend(): Promise<Backend> {
  if (!globalStore.__backOfficeBackend) {
    const starting = startBackend().then((backend) => ({
      fetch: backend.fetch,
      async close() {
        if (globalStore.__backOfficeBackend === starting) delete globalStore.__backOfficeBackend;
        await backend.close();
      },
    }));
    // A failed start is not cached, so the next call tries again instead of repeating the old error.
    starting.catch(() => {
      if (globalStore.__backOfficeBackend === starting) delete globalStore.__backOfficeBackend;
    });
    globalStore.__backOfficeBackend = starting;
  }
  return globalStore.__backOfficeBackend;
}

/** For the web server's shutdown; never starts a backend. */
export async function closeStartedBackend(): Promise<void> {
  const started = globalStore.__backOfficeBackend;
  if (started) await (await started).close();
}
