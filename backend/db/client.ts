import { mkdirSync } from "node:fs";
import { hostname } from "node:os";
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
import { log } from "../log";
import { DATA_CHANGED, listenForChanges } from "./change-notices";
import type { ChangeNotices } from "./change-notices";
import { watchPool } from "../metrics";

export type Schema = typeof schema;

// A union of the driver types breaks drizzle's overloads: each factory widens its database to this once.
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: AppDb;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * Runs `work` in one process at a time across every app process on this database: on PostgreSQL, on
   * one connection that holds the advisory lock `name` meanwhile (`wait: false` gives up at once when
   * another process holds it). PGlite is opened by one process only, so there it simply runs.
   */
  alone<T>(name: string, work: (db: AppDb) => Promise<T>, options?: { wait?: boolean }): Promise<Alone<T>>;
  /** The database's change notices (decision 042): each committed write, whoever made it. */
  listenForChanges(): Promise<ChangeNotices>;
}

export type Alone<T> = { ran: true; value: T } | { ran: false };

/** Pool settings from the environment (docs/configuration.md); timeouts of 0 are off. */
export interface PoolSettings {
  max: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  lockTimeoutMs: number;
}

// PGlite loads an extension only when told to, on every open; indexes that use one need it.
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(
  config: Pick<BackendConfig, "databaseUrl" | "pgliteDir"> & { pool?: PoolSettings },
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const settings = config.pool;
    return wrapPostgresPool(
      new pg.Pool({
        connectionString: config.databaseUrl,
        // Names each connection in pg_stat_activity, so a DBA can tell the instances apart.
        application_name: `solar-back-office@${hostname()}`.slice(0, 63),
        ...(settings && {
          max: settings.max,
          statement_timeout: settings.statementTimeoutMs || undefined,
          idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs || undefined,
          lock_timeout: settings.lockTimeoutMs || undefined,
        }),
      }),
    );
  }
  // PGlite creates its own directory but not the parents.
  mkdirSync(path.dirname(config.pgliteDir), { recursive: true });
  return wrapPglite(await PGlite.create(config.pgliteDir, { extensions: PGLITE_EXTENSIONS }));
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as AppDb;
  return {
    db,
    kind: "pglite",
    close: () => client.close(),
    alone: async (_name, work) => ({ ran: true, value: await work(db) }),
    // In the same process: a job's or a migration's writes reach the caches like a request's.
    async listenForChanges() {
      const listeners = new Set<() => void>();
      const unlisten = await client.listen(DATA_CHANGED, () => {
        for (const listener of listeners) listener();
      });
      return {
        listening: () => true,
        onChange: (listener) => listeners.add(listener),
        close: () => unlisten(),
      };
    },
  };
}

// One 64-bit key per name; the prefix keeps them apart from any other application's advisory locks.
const LOCK_KEY = "select ('x' || left(md5('solar-back-office:' || $1::text), 16))::bit(64)::bigint as key";

export function wrapPostgresPool(pool: pg.Pool): DatabaseHandle {
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on("error", (error) => log.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  const db = drizzlePostgres({ client: pool, schema });
  watchPool(pool);
  return {
    db: db as unknown as AppDb,
    kind: "postgres",
    close: () => pool.end(),
    listenForChanges: async () => listenForChanges(String(pool.options.connectionString)),
    async alone(name, work, { wait = true } = {}) {
      const client = await pool.connect();
      // A session lock lives as long as its connection: on any doubt the connection is dropped, not reused.
      let discard = false;
      try {
        const key = String((await client.query<{ key: string }>(LOCK_KEY, [name])).rows[0]?.key);
        if (wait) await client.query("select pg_advisory_lock($1::bigint)", [key]);
        else {
          const tried = await client.query<{ got: boolean }>(
            "select pg_try_advisory_lock($1::bigint) as got",
            [key],
          );
          if (!tried.rows[0]?.got) return { ran: false };
        }
        try {
          return { ran: true, value: await work(drizzlePostgres({ client, schema }) as unknown as AppDb) };
        } finally {
          await client.query("select pg_advisory_unlock($1::bigint)", [key]).catch(() => {
            discard = true;
          });
        }
      } catch (error) {
        discard = true;
        throw error;
      } finally {
        client.release(discard);
      }
    },
  };
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
