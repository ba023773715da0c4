import { loadBackendConfig } from "../config";
import { migrateDatabase, openDatabase } from "./client";

// `npm run db:migrate`: applies pending migrations. Do not run it while the server uses the same PGlite directory.
async function main() {
  const config = loadBackendConfig();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database.db, database.kind);
    console.info(`Migrations applied (${database.kind === "pglite" ? config.pgliteDir : "DATABASE_URL"})`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
