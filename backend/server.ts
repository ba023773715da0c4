import { serve } from "@hono/node-server";
import { loadApiServerSettings } from "./config";
import { startBackend } from "./index";

// The backend on its own (`npm run start:api`), for when the web app reaches it over HTTP (API_BASE_URL).
async function main() {
  const { port, hostname } = loadApiServerSettings();
  const backend = await startBackend();
  // app.fetch rather than backend.fetch: node-server's bindings carry the socket, which the audit log reads.
  const server = serve({ fetch: backend.app.fetch, port, hostname }, (info) => {
    console.info(`API listening on http://${info.address}:${info.port}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received, closing`);
    // Requests in flight may finish; a stuck one must not keep the process alive forever.
    setTimeout(() => {
      console.error("Shutdown took too long, exiting");
      process.exit(1);
    }, 10_000).unref();
    server.close(async () => {
      await backend.close();
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
