import { getBackend } from "#backend/index";
import { appConfig } from "./config.server";

/** Time given to requests in flight after SIGTERM before the database is closed. */
const DRAIN_MS = 1_000;

/**
 * remix-serve stops accepting connections on SIGTERM/SIGINT but leaves the process to end by itself,
 * which an open PGlite database (and its timers) would delay past a container's stop timeout. This
 * closes the embedded backend after a short drain and exits.
 */
function closeOnSignals() {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(async () => {
      try {
        await (await getBackend()).close();
      } finally {
        process.exit(0);
      }
    }, DRAIN_MS);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/**
 * Runs once when the server build is loaded: a bad configuration stops the process with a clear
 * message, and the embedded backend migrates and seeds before the first request instead of during it.
 */
export async function boot() {
  try {
    const config = appConfig();
    if (!config.apiBaseUrl) {
      await getBackend();
      closeOnSignals();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
