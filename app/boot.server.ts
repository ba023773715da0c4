import { getBackend } from "#backend/index";
import { appConfig } from "./config.server";
import { log } from "#backend/log";

// Migrates and seeds the embedded backend before the first request; server/index.ts closes it on stop.
export async function boot() {
  try {
    const config = appConfig();
    if (!config.apiBaseUrl) await getBackend();
  } catch (error) {
    log.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
