import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { loadApiServerSettings } from "./config";
import { startBackend } from "./index";
import { stopOnSignals } from "./shutdown";
import { log } from "./log";
import { startMetricsServer } from "./metrics";

// The backend on its own (`npm run start:api`), for when the web app reaches it over HTTP (API_BASE_URL).
async function main() {
  const { port, hostname, shutdown, metricsPort } = loadApiServerSettings();
  const backend = await startBackend();
  // app.fetch rather than backend.fetch: node-server's bindings carry the socket, which the audit log reads.
  const server = serve({ fetch: backend.app.fetch, port, hostname }, (info) => {
    log.info(`API listening on http://${info.address}:${info.port}`);
  }) as Server;
  if (metricsPort) startMetricsServer(metricsPort, hostname);
  stopOnSignals(
    server,
    () => backend.close(),
    shutdown,
    () => backend.drain(),
  );
}

main().catch((error: unknown) => {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
