import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Hono } from "hono";
import pg from "pg";
import { createApi } from "../app";
import { loadBackendConfig } from "../config";
import type { BackendConfig } from "../config";
import {
  PGLITE_EXTENSIONS,
  defaultMigrationsFolder,
  migrateDatabase,
  wrapPglite,
  wrapPostgresPool,
} from "../db/client";
import type { AppDb, DatabaseHandle } from "../db/client";
import { ROLE_CATALOGUE, ensureRolesAndPermissions } from "../bootstrap/roles";
import type { ApiEnv } from "../http/env";
import { createLaterWork } from "../later";
import { createMemoryMailer } from "../mail";
import type { MemoryMailer } from "../mail";
import { ALL_PERMISSIONS } from "../schemas/permissions";

export interface RequestOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, for malformed or oversized bodies. */
  rawBody?: string;
  /** Sent as multipart/form-data (uploads). */
  form?: FormData;
  headers?: Record<string, string>;
}

export interface TestBackend {
  db: AppDb;
  config: BackendConfig;
  mailer: MemoryMailer;
  app: Hono<ApiEnv>;
  /** A real Request through the app's fetch; fails the test if an answer ever carries a password hash. */
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** Waits for the work answers did not wait for (the mail after a forgot-password answer). */
  settled(): Promise<void>;
  /** The test database's connection string, on PostgreSQL (null on PGlite, which one process owns). */
  databaseUrl: string | null;
  close(): Promise<void>;
}

async function pgliteVersion() {
  try {
    const manifest: unknown = JSON.parse(
      await readFile(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"),
    );
    return typeof manifest === "object" && manifest && "version" in manifest
      ? String(manifest.version)
      : "unknown";
  } catch {
    return "unknown";
  }
}

/** Changes with any migration, the seeded roles and permissions, or PGlite, so a stale snapshot is never used. */
async function snapshotKey(migrationsFolder: string) {
  const digest = createHash("sha256")
    .update(JSON.stringify([ROLE_CATALOGUE, ALL_PERMISSIONS]))
    .update(await pgliteVersion());
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else digest.update(entry.name).update(await readFile(full));
    }
  };
  await walk(migrationsFolder);
  return digest.digest("hex").slice(0, 20);
}

let snapshot: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory with the seeded roles and no staff, as a tar. Creating a PGlite
 * database runs initdb (seconds); restoring this snapshot takes well under a second. Kept in the system
 * temp folder, keyed by the migrations, the role catalogue and the PGlite version, so only the first test
 * file of the first run pays for it.
 */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const migrations = defaultMigrationsFolder();
    const key = await snapshotKey(migrations);
    const folder = path.join(os.tmpdir(), "back-office-test-snapshots");
    const file = path.join(folder, `pglite-${key}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // Not made yet: build it below.
    }
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const { db } = wrapPglite(client);
    await migrateDatabase(db, "pglite", migrations);
    await ensureRolesAndPermissions(db);
    const dump = await client.dumpDataDir("none");
    await client.close();
    await mkdir(folder, { recursive: true });
    // Two workers may build it at once; each writes its own file and the rename keeps one whole copy.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  })();
  return snapshot;
}

async function openPgliteFromSnapshot(): Promise<DatabaseHandle> {
  return wrapPglite(
    await PGlite.create({ loadDataDir: await migratedSnapshot(), extensions: PGLITE_EXTENSIONS }),
  );
}

/** An empty database of its own on the server `serverUrl` names (nothing migrated), and how to drop it. */
export async function createEmptyPostgresDatabase(serverUrl: string) {
  const name = `test_${randomBytes(8).toString("hex")}`;
  const runOnServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await runOnServer(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(`drop database if exists "${name}" with (force)`),
  };
}

/** A database of its own on the server DATABASE_URL names, dropped on close. */
async function openFreshPostgresDatabase(serverUrl: string): Promise<DatabaseHandle & { url: string }> {
  const { url, drop } = await createEmptyPostgresDatabase(serverUrl);
  const handle = wrapPostgresPool(new pg.Pool({ connectionString: url, max: 4 }));
  await migrateDatabase(handle.db, handle.kind);
  await ensureRolesAndPermissions(handle.db);
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

/**
 * A backend on a fresh, migrated database with the seeded roles and no staff; one per test file
 * (create it in `beforeAll`, close it in `afterAll`). PGlite by default, PostgreSQL when DATABASE_URL is set.
 */
export async function createTestBackend(
  overrides: Partial<BackendConfig> = {},
  // As served: the database's change notices empty the caches (decision 042).
  { listen = false }: { listen?: boolean } = {},
): Promise<TestBackend> {
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await openFreshPostgresDatabase(serverUrl) : await openPgliteFromSnapshot();
  // Tests change rows behind the API's back, so its read cache is off unless a test asks for it.
  const config = {
    ...loadBackendConfig({ NODE_ENV: "test", APP_URL: "http://app.test" }),
    readCacheMs: 0,
    sessionCacheMs: 0,
    ...overrides,
  };
  const mailer = createMemoryMailer();
  const later = createLaterWork();
  const changes = listen ? await database.listenForChanges() : undefined;
  const app = createApi({ db: database.db, config, mailer, later, changes });

  return {
    db: database.db,
    config,
    mailer,
    app,
    async request(method, requestPath, options = {}) {
      const headers = new Headers(options.headers);
      if (options.token) headers.set("authorization", `Bearer ${options.token}`);
      let body: string | FormData | undefined = options.form ?? options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers.set("content-type", "application/json");
      }
      const response = await app.fetch(
        new Request(`http://backend.test${requestPath}`, { method, headers, body }),
      );
      const text = await response.clone().text();
      if (text.includes("scrypt$")) throw new Error(`${method} ${requestPath} answered a password hash`);
      return response;
    },
    databaseUrl: "url" in database && typeof database.url === "string" ? database.url : null,
    settled: () => later.settled(),
    async close() {
      await later.settled();
      await changes?.close();
      await database.close();
    },
  };
}
