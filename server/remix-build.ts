import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { broadcastDevReady } from "@remix-run/node";

/**
 * The Remix server build. Importing it also boots the app (entry.server: configuration checked, the
 * embedded backend migrated and seeded), so the server listens only once it can answer.
 */
export async function importBuild(buildFile: URL, fresh = false): Promise<ServerBuild> {
  // The query makes Node load the rebuilt file instead of the module it has cached.
  const href = fresh ? `${buildFile.href}?t=${Date.now()}` : buildFile.href;
  return (await import(href)) as ServerBuild;
}

/**
 * Under `remix dev` the build is rewritten on every change and build/version.txt with it: the next
 * request uses the new build, and the dev server is told the app is ready.
 */
export function followRebuilds(buildFile: URL, initial: ServerBuild) {
  let current = Promise.resolve(initial);
  const versionFile = fileURLToPath(new URL("./version.txt", buildFile));
  // Polling, because the compiler replaces the file rather than writing into it.
  fs.watchFile(versionFile, { interval: 200 }, () => {
    const previous = current;
    const next = importBuild(buildFile, true);
    next.then((build) => broadcastDevReady(build)).catch((error: unknown) => console.error(error));
    // A build that fails to load leaves the last good one serving.
    current = next.catch(() => previous);
  });
  return {
    latest: () => current,
    announce: () => broadcastDevReady(initial),
  };
}
