import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { closeStartedBackend } from "#backend/index";
import { createServerApp } from "./app";
import { followRebuilds, importBuild } from "./remix-build";
import { readServerSettings } from "./settings";
import { stopOnSignals } from "./shutdown";

// An unset NODE_ENV means production (Secure cookies); it is read while the build loads.
process.env.NODE_ENV ??= "production";

async function main() {
  const settings = readServerSettings();
  const buildFile = new URL("./index.js", import.meta.url);
  const initialBuild = await importBuild(buildFile);
  const rebuilds = settings.mode === "development" ? followRebuilds(buildFile, initialBuild) : null;

  const remix = createRequestHandler({
    build: rebuilds ? rebuilds.latest : initialBuild,
    mode: settings.mode,
    getLoadContext: (_req, res) => ({ cspNonce: String(res.locals.cspNonce) }),
  });
  const root = path.resolve(fileURLToPath(buildFile), "../..");
  const app = createServerApp({
    settings,
    remix,
    assets: {
      urlPath: initialBuild.publicPath,
      directory: path.resolve(root, initialBuild.assetsBuildDirectory),
    },
    publicDirectory: path.join(root, "public"),
  });

  const onListening = () => {
    console.info(`Listening on http://${settings.host ?? "localhost"}:${settings.port}`);
    void rebuilds?.announce();
  };
  const server = settings.host
    ? app.listen(settings.port, settings.host, onListening)
    : app.listen(settings.port, onListening);
  server.on("error", (error) => {
    console.error(`Cannot listen on port ${settings.port}: ${error.message}`);
    process.exit(1);
  });
  stopOnSignals(server, closeStartedBackend);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
