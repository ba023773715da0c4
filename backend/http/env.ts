import type { HttpBindings } from "@hono/node-server";
import type { BackendConfig } from "../config";
import type { AppDb } from "../db/client";
import type { Mailer } from "../mail";
import type { AuthSession } from "../services/auth-tokens";

/** What the routes are built from: one database, the settings and the mailer. */
export interface ApiDeps {
  db: AppDb;
  config: BackendConfig;
  mailer: Mailer;
}

export interface ApiEnv {
  // Present only when served by @hono/node-server; an in-process call has no socket.
  Bindings: Partial<HttpBindings> | undefined;
  Variables: { session: AuthSession | undefined };
}
