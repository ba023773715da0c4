import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { BackendConfig } from "../config";
import * as schema from "./schema";

export type Schema = typeof schema;

// A union of the driver types breaks drizzle's overloads: each factory widens its database to this once.
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: AppDb;
  kind: DatabaseKind;
  close(): Promise<void>;
}

// PGlite loads an extension only when told to, on every open; indexes that use one need it.
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(
  config: Pick<BackendConfig, "databaseUrl" | "pgliteDir">,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return wrapPostgresPool(new pg.Pool({ connectionString: config.databaseUrl }));
  // PGlite creates its own directory but not the parents.
  mkdirSync(path.dirname(config.pgliteDir), { recursive: true });
  return wrapPglite(await PGlite.create(config.pgliteDir, { extensions: PGLITE_EXTENSIONS }));
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return { db: db as unknown as AppDb, kind: "pglite", close: () => client.close() };
}

export function wrapPostgresPool(pool: pg.Pool): DatabaseHandle {
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on("error", (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  const db = drizzlePostgres({ client: pool, schema });
  return { db: db as unknown as AppDb, kind: "postgres", close: () => pool.end() };
}

export function defaultMigrationsFolder() {
  return path.resolve(process.cwd(), process.env.MIGRATIONS_DIR || "backend/db/migrations");
}

export async function migrateDatabase(
  db: AppDb,
  kind: DatabaseKind,
  migrationsFolder = defaultMigrationsFolder(),
) {
  // AppDb hides the driver; `kind` says which driver built it, so narrowing back is safe here.
  if (kind === "pglite") await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  else await migratePostgres(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
}
