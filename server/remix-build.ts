import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { broadcastDevReady } from "@remix-run/node";

/** Importing the build also boots the app (entry.server), so the server listens only once it can answer. */
export async function importBuild(buildFile: URL, fresh = false): Promise<ServerBuild> {
  const href = fresh ? `${buildFile.href}?t=${Date.now()}` : buildFile.href;
  return (await import(href)) as ServerBuild;
}

export function followRebuilds(buildFile: URL, initial: ServerBuild) {
  let current = Promise.resolve(initial);
  const versionFile = fileURLToPath(new URL("./version.txt", buildFile));
  // Polling, because the compiler replaces the file rather than writing into it.
  fs.watchFile(versionFile, { interval: 200 }, () => {
    const previous = current;
    const next = importBuild(buildFile, true);
    next.then((build) => broadcastDevReady(build)).catch((error: unknown) => console.error(error));
    current = next.catch(() => previous);
  });
  return {
    latest: () => current,
    announce: () => broadcastDevReady(initial),
  };
}
