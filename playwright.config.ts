import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E } from "./tests/e2e/support/env";

/**
 * End-to-end tests run against the built app on a throwaway database, in two projects: JavaScript
 * disabled (what slow machines and QA see) and enabled. E2E_API_MODE=http runs the same suite with
 * the backend as a separate process, reached over HTTP through API_BASE_URL, for a representative set of
 * journeys (HTTP_JOURNEYS below).
 */

const runDir = E2E.runDir;
const overHttp = process.env.E2E_API_MODE === "http";
/**
 * Over HTTP only the journeys whose requests cross the transport in ways of their own run, once each and
 * without JavaScript (the page is the same either way): sign-in and its cookie, errors when the API fails,
 * a multipart upload with its row report, a list with search and a streamed CSV download, and the sale
 * with its payment redirects.
 */
const HTTP_JOURNEYS = /(sign-in|errors|sales-batch|support|sales)\.spec\.ts$/;
const everything = /.*/;

const common = {
  NODE_ENV: "production",
  // No Flutterwave keys here: production refuses to start unless the sandbox provider is chosen.
  PAYMENT_SANDBOX: "1",
  // Production names its database: each run's own embedded one.
  EMBEDDED_DATABASE: "1",
  HOST: "127.0.0.1",
  SESSION_SECRET: "e2e-session-secret-not-for-production",
  ADMIN_EMAIL: E2E.adminEmail,
  ADMIN_PASSWORD: E2E.adminPassword,
  SUPPORT_EMAIL: "support@example.com",
  APP_URL: E2E.appUrl,
  MAIL_OUTBOX_DIR: E2E.outboxDir,
  // Demo staff and 45 demo customers give the lists more than one page; tests make their own records.
  DEMO_DATA: "1",
};
const serve = "node build/server.js";

const chromium =
  process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: E2E.appUrl,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // Nothing leaves the machine: any host but 127.0.0.1 fails to resolve (page.route stand-ins still apply).
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
      ],
    },
  },
  projects: [
    {
      name: "js-off",
      use: { browserName: "chromium", javaScriptEnabled: false },
      ...(overHttp ? { testMatch: HTTP_JOURNEYS } : {}),
    },
    {
      name: "js-on",
      use: { browserName: "chromium", javaScriptEnabled: true },
      // Starts and stops its own server process; once is enough, and it needs no browser.
      testIgnore: overHttp ? everything : [/server-process\.spec\.ts$/],
    },
  ],
  webServer: [
    ...(overHttp
      ? [
          {
            command: "node build/api/server.js",
            url: `http://127.0.0.1:${E2E.apiPort}/healthz`,
            // Its one proxy is the web app, which forwards each browser's address.
            env: {
              ...common,
              PORT: String(E2E.apiPort),
              DATA_DIR: path.join(runDir, "data"),
              TRUST_PROXY: "1",
            },
            timeout: 120_000,
            reuseExistingServer: false,
          },
        ]
      : []),
    {
      command: serve,
      url: `${E2E.appUrl}/healthz`,
      env: {
        ...common,
        PORT: String(E2E.appPort),
        MAPS_API_KEY: E2E.mapsApiKey,
        DATA_DIR: path.join(runDir, overHttp ? "app" : "data"),
        ...(overHttp ? { API_BASE_URL: `http://127.0.0.1:${E2E.apiPort}` } : {}),
      },
      timeout: 120_000,
      reuseExistingServer: false,
    },
    {
      command: serve,
      url: `${E2E.offlineAppUrl}/login`,
      env: {
        ...common,
        PORT: String(E2E.offlinePort),
        DATA_DIR: path.join(runDir, "offline"),
        API_BASE_URL: "http://127.0.0.1:9",
      },
      timeout: 60_000,
      reuseExistingServer: false,
    },
  ],
});
