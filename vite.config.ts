import path from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import type { Rollup } from "vite";
import { defineConfig } from "vite";

const appDirectory = fileURLToPath(new URL("./app", import.meta.url));
const routesDirectory = path.join(appDirectory, "routes");
const rootRoute = path.join(appDirectory, "root.tsx");
const WIDELY_USED = 10;

/** The route ids (file names without extension) whose modules import `id`, directly or through others. */
function routesUsing(id: string, getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const routes = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    const info = getModuleInfo(queue.pop()!);
    if (!info) continue;
    if (info.isEntry) {
      const file = info.id.replace(/\?.*$/, "");
      routes.add(path.relative(appDirectory, file).replace(/\.[jt]sx?$/, ""));
    }
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return routes;
}

/**
 * Few, larger files for a page's first download (decisions 035 and 047). Routes' own modules, code only one
 * route uses and code reached only through `import()` are left to Rollup, and so is code a few routes
 * share: Rollup gives it one chunk per set of routes using it, so a page loads none of its neighbours' code.
 * - `vendor`: the packages the shell (entry.client, root) uses, and Vite's own helpers;
 * - `shared`: app code the shell uses or that at least WIDELY_USED routes use.
 */
function manualChunks(id: string, { getModuleInfo }: Rollup.ManualChunkMeta) {
  if (id.startsWith(routesDirectory) || id === rootRoute || getModuleInfo(id)?.isEntry) return undefined;
  const routes = routesUsing(id, getModuleInfo);
  if (routes.size === 0) return undefined;
  const inShell = routes.has("entry.client") || routes.has("root");
  // Vite's and Rollup's own helpers (ids starting with \0, such as the preload helper) are tiny.
  if (id.startsWith("\0") || (inShell && id.includes("/node_modules/"))) return "vendor";
  if (inShell || routes.size >= WIDELY_USED) return "shared";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": appDirectory,
      "#backend": fileURLToPath(new URL("./backend", import.meta.url)),
    },
  },
  // entry.server awaits the backend's start at the top level, which Node runs and browsers need not.
  build: isSsrBuild ? { target: "node20" } : { rollupOptions: { output: { manualChunks } } },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
  ],
}));
