import { loadBackendConfig } from "../config";
import { migrateDatabase, openDatabase } from "../db/client";
import { ensureBootstrap } from "./first-start";

// `npm run db:seed`: the same bootstrap the backend runs at start, without serving anything.
// Do not run it while the server uses the same PGlite directory: PGlite has no cross-process locking.
async function main() {
  const config = loadBackendConfig();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database.db, database.kind);
    await ensureBootstrap(database.db, config);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
