import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { closeStartedBackend } from "#backend/index";
import { createServerApp } from "./app";
import { importBuild, startViteDevServer } from "./remix-build";
import { readServerSettings } from "./settings";
import { stopOnSignals } from "#backend/shutdown";
import { log } from "#backend/log";
import { startMetricsServer } from "#backend/metrics";

// An unset NODE_ENV means production (Secure cookies); it is read while the build loads.
process.env.NODE_ENV ??= "production";

async function main() {
  const settings = readServerSettings();
  // build/server.js (this file, bundled) sits beside Vite's build/server/index.js and build/client/.
  const root = path.resolve(fileURLToPath(import.meta.url), "../..");
  const server = createServer();
  const dev = settings.mode === "development" ? await startViteDevServer(server) : null;
  const initialBuild = dev
    ? dev.initialBuild
    : await importBuild(pathToFileURL(path.join(root, "build/server/index.js")));

  const remix = createRequestHandler({
    build: dev ? dev.latest : initialBuild,
    mode: settings.mode,
    getLoadContext: (_req, res) => ({ cspNonce: String(res.locals.cspNonce) }),
  });
  const clientDirectory = path.resolve(root, initialBuild.assetsBuildDirectory);
  if (settings.metricsPort) startMetricsServer(settings.metricsPort, settings.host);
  const stopping = stopOnSignals(server, closeStartedBackend, settings.shutdown);
  const app = createServerApp({
    settings,
    remix,
    // Vite writes its fingerprinted files to build/client/assets/ and copies public/ to build/client/.
    assets: { urlPath: "/assets/", directory: path.join(clientDirectory, "assets") },
    publicDirectory: clientDirectory,
    devMiddleware: dev?.middleware,
    draining: () => stopping.draining,
  });

  const onListening = () => {
    log.info(`Listening on http://${settings.host ?? "localhost"}:${settings.port}`);
  };
  server.on("request", app);
  if (settings.host) server.listen(settings.port, settings.host, onListening);
  else server.listen(settings.port, onListening);
  server.on("error", (error) => {
    log.fatal(`Cannot listen on port ${settings.port}: ${error.message}`);
    process.exit(1);
  });
}

main().catch((error: unknown) => {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
