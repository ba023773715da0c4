import { loadBackendConfig } from "../config";
import { openDatabase } from "../db/client";
import { prepareDatabase } from "./first-start";

// `npm run db:migrate`, or `node build/migrate.js` in the image: the migrations and the first-start
// bootstrap the server runs at start, without serving anything, for a deploy that sets MIGRATE_ON_START=0.
// Safe beside running servers on PostgreSQL (they share its lock); never beside a server on the same
// PGlite directory, which one process at a time may open.
async function main() {
  const config = loadBackendConfig();
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config);
    console.info(`Migrations applied (${database.kind === "pglite" ? config.pgliteDir : "DATABASE_URL"})`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
