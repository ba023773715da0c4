import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Created once by the runner when it loads the config; its workers inherit the variable.
process.env.E2E_RUN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "solar-e2e-"));
const runDir = process.env.E2E_RUN_DIR;
// Three ports from E2E_PORT_BASE (default 3100), so two checkouts can run their suites side by side.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);

export const E2E = {
  runDir,
  appPort: portBase,
  appUrl: `http://127.0.0.1:${portBase}`,
  /** The same app with its backend unreachable (a closed port), for the offline screens. */
  offlinePort: portBase + 1,
  offlineAppUrl: `http://127.0.0.1:${portBase + 1}`,
  apiPort: portBase + 2,
  /** The app's MAPS_API_KEY: the address field asks for Google's Places library (replaced in the browser). */
  mapsApiKey: "e2e-maps-key",
  adminEmail: "admin@example.com",
  adminPassword: "E2e-admin-1234",
  /** Password every staff member made by the factories signs in with. */
  staffPassword: "Staff-pass-1234",
  outboxDir: path.join(runDir, "outbox"),
};
