import type { Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";

/** Importing the build also boots the app (entry.server), so the server listens only once it can answer. */
export async function importBuild(buildFile: URL): Promise<ServerBuild> {
  return (await import(buildFile.href)) as ServerBuild;
}

/**
 * Development: Vite's dev server in middleware mode (Remix's documented custom-server setup). It compiles
 * the browser's modules on request with hot reloading, and loads the server build from the sources, again
 * on each request, so edits show without a restart. Its hot-reload socket shares the app's HTTP server, so
 * the Content-Security-Policy's `connect-src 'self'` covers it. Vite is a dev dependency, imported only here.
 */
export async function startViteDevServer(httpServer: Server) {
  const vite = await import("vite");
  const server = await vite.createServer({
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
  const load = () => server.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  return { middleware: server.middlewares, initialBuild: await load(), latest: load };
}
