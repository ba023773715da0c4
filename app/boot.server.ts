import { getBackend } from "#backend/index";
import { appConfig } from "./config.server";

/**
 * Runs once when the server build is loaded: a bad configuration stops the process with a clear
 * message, and the embedded backend migrates and seeds before the first request instead of during it.
 * The web server (server/index.ts) closes that backend when it stops.
 */
export async function boot() {
  try {
    const config = appConfig();
    if (!config.apiBaseUrl) await getBackend();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
