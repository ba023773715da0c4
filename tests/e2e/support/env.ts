import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Created once by the runner when it loads the config; its workers inherit the variable.
process.env.E2E_RUN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "solar-e2e-"));
const runDir = process.env.E2E_RUN_DIR;

export const E2E = {
  runDir,
  appUrl: "http://127.0.0.1:3100",
  /** The same app with its backend unreachable (a closed port), for the offline screens. */
  offlineAppUrl: "http://127.0.0.1:3101",
  apiPort: 3102,
  /** The app's MAPS_API_KEY: the address field asks for Google's Places library (replaced in the browser). */
  mapsApiKey: "e2e-maps-key",
  adminEmail: "admin@example.com",
  adminPassword: "E2e-admin-1234",
  /** Password every staff member made by the factories signs in with. */
  staffPassword: "Staff-pass-1234",
  outboxDir: path.join(runDir, "outbox"),
};
