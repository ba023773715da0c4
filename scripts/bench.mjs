#!/usr/bin/env node
// `npm run bench`: throughput, latency and initial-JavaScript figures for the built app.
//
// Starts the production server (node build/server.js) on 127.0.0.1 with a throwaway PGlite database,
// the demo staff (DEMO_DATA=1) and BENCH_CUSTOMERS (100,000) synthetic customers, signs in as
// admin@example.com through the real form, then load-tests each subject with autocannon (50 connections,
// 10 s each, after a 2 s warm-up):
//   a trivial page: the catch-all 404 page, a document render with no backend call (the cheapest page, for reference)
//   /healthz  a resource route, no React render, one in-process backend call that runs one database query
//   /login    signed out: a full document render of a small page, no backend call
//   /home     signed in: the frame and the dashboard, with their backend calls
//   /customers/all?page=500 and ?search=ngozi, the list targets: one URL asked again and again
//   a random list page and a random phone search on every request: the same pages uncached
// then the four list subjects again with 10 connections (latency when the machine is not saturated),
// and, at 10 connections, the stock subjects over BENCH_PRODUCTS (10,000)
// products of BENCH_ITEMS (20,000) inventory items in BENCH_BATCHES (100,000) batches: the pages
// /products/all (first page and a search) and /inventory/all?warehouseId=…, and the API calls behind
// them (GET /api/v1/products, ?search=, /api/v1/inventory?warehouseId=…, with a bearer token),
// and measures the JavaScript each of /login and /home loads up front (every <script src> and
// <link rel="modulepreload"> under /assets/, gzip at zlib's default level 6). Every subject's p50, p95
// and p99 come from every response time of its run; ten connections stand for ten busy staff.
//
// What staff feel: in Chromium with the Slow 4G profile and a 4× slower CPU, each key page is loaded
// three times, each time right after /login, and the time until its main content is visible is
// compared with /login's (a fresh browser profile each time: a first visit, nothing cached).
//
// Devices: BENCH_DEVICES (200,000) synthetic devices are seeded too. First, on the fresh server, a
// 20,000-row device batch file is uploaded through the API (POST /api/v1/device/batch-upload, bearer
// token): the time from sending to the answer (every row validated, then one transaction) and the
// server's peak resident memory above what it held before. Then, at 10 connections: /devices/all?search=…
// and GET /api/v1/device?search=… with one term and with a different term on every request.
//
// Sales: BENCH_SALES (100,000) synthetic sales are seeded too (seed-sales-cli.ts), with three products
// kept in batches of one unit and a product of 12,000 units with its devices. On the server: a 10,000-row
// sales batch file (POST /api/v1/csv-upload/process: every row checked and all committed), the export
// of every sale (GET /api/v1/csv-upload/export-sales, streamed; time and the server's peak memory
// growth), 50 sales of 3 products over many batches made one after another through the API (p50, p99),
// and, at 10 connections, /sales/all (first page, a deep page, a status tab) and
// the API calls behind them.
//
// Loan book: BENCH_ACCOUNTS (100,000) installment accounts over 24 months with their payments are seeded with
// the sales (the seeded sales are then paid outright); the seeder times the first start's back-fill and
// the daily roll, each portfolio figure at a tenth and at the whole book, and 50 payments with and
// without the loan book's triggers. On the server: one request each of /sales/all, /portfolio (the day's
// first, then a later one), one agent's /portfolio and the account list (page 1, a deep page), then the
// same at 10 connections.
//
// Customer messages (decision 043), last, on the same book: the server is stopped and
// backend/demo/bench-messages-cli.ts times one reminder round over the whole book (on the day it queues the
// most), times 500 transactions that lock a sale and queue a payment's message (beside the seeder's payment
// p99), and writes 10,000 queued SMS messages due a little later; the server is started again with
// MESSAGE_POLL_MS=500
// and the sandbox gateway, /sales/all is loaded at 10 connections before they fall due and while the worker
// sends them, and the drain is timed until the outbox's API counts none queued.
//
// Figures, never pass/fail (ARCHITECTURE.md §5): the targets are printed beside them. The report goes to
// bench-results/latest.md (committed with the change it measures) and to stdout. Only 127.0.0.1 is contacted; every phase is bounded.
//
// Settings (environment): BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (50), BENCH_WARMUP (s, 2),
// BENCH_DATABASE_URL (bench on PostgreSQL instead of PGlite), BENCH_CUSTOMERS (100000), BENCH_PRODUCTS,
// BENCH_ITEMS, BENCH_BATCHES (0 products skips the stock subjects), BENCH_DEVICES (200000), BENCH_SALES
// (100000; 0 skips the sales subjects), BENCH_ACCOUNTS (100000).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = positive("BENCH_DURATION", 10);
const CONNECTIONS = positive("BENCH_CONNECTIONS", 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ADMIN = { email: "admin@example.com", password: "Admin1234" };
const TARGET_JS_KB = 112; // KB of gzip per page, 1 KB = 1024 bytes
const TRIVIAL_PAGE = "/bench-trivial-page"; // no route claims it: the 404 page
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const CALM_CONNECTIONS = Math.min(10, CONNECTIONS);
const SINGLE_ROUNDS = 9; // single requests per page beside /sales/all (the loan book's pages)
const LOAD_ROUNDS = 3; // loads at 10 connections of the loan book's pages, /sales/all first in each round
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 100_000);
const STOCK_SEARCH = "lantern"; // a word in about one product name in seven (seed-stock-cli.ts)
const DEVICES = Number(process.env.BENCH_DEVICES ?? 200_000);
const UPLOAD_ROWS = 20_000;
const TARGET_UPLOAD_S = 10;
const TARGET_UPLOAD_RSS_MB = 200;
const DEVICE_SEARCH = "BD0001234"; // a serial number fragment, 10 of the seeded devices
const SALES = Number(process.env.BENCH_SALES ?? 100_000);
// The loan book (seed-sales-cli.ts's second argument): installment accounts over 24 months with payments.
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const SALE_UPLOAD_ROWS = 10_000;
const TARGET_SALE_UPLOAD_S = 10;
const TARGET_EXPORT_RSS_MB = 100;
const SALE_TIMINGS = 50;
const MESSAGE_DRAIN = 10_000;
const MESSAGE_TIMINGS = 500;
const MESSAGE_POLL_MS = 500;
const TARGET_REMINDER_ROUND_S = 60;
const TARGET_DRAIN_S = 60;
const TARGET_DRAIN_P95_RATIO = 1.5; // /sales/all's p95 during the drain ÷ before it
const TARGET_QUEUE_SHARE = 0.1; // what queueing a message adds to a cash payment's p99 ÷ that p99
const DRAIN_LIMIT_S = 600; // stops waiting for the drain after this
const HOST = "127.0.0.1";
// Chrome DevTools' "Slow 4G" preset (bytes per second, milliseconds), with its 4× CPU slowdown.
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const CPU_SLOWDOWN = 4;
const FEEL_ROUNDS = 5;
const TARGET_FEEL_RATIO = 1.2; // time to content ÷ /login's, measured alternately
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Whole run: seeding (customers, stock, devices), start and upload + 24 loads × (warm-up + run + settling)
// + page weights + the slow-network loads in the browser + the message figures (their CLI, a restart, the
// wait until the messages fall due and the drain), with a generous margin.
const WATCHDOG_MS = (3_300 + 900 + 90 + 300 + DRAIN_LIMIT_S + 34 * (WARMUP + DURATION + 15)) * 1000;

function positive(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** mulberry32: small, fast and reproducible; nothing here needs more. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const log = (message) => console.error(`[bench] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let server;
let dataDir;
let serverOutput = "";

/** Stops the server and keeps its database, for a CLI to open it (PGlite allows one process at a time). */
async function stopServerProcess() {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    // The server drains, closes its database and exits on SIGTERM; it gives up by itself after 10 s.
    const done = await Promise.race([exited.then(() => true), sleep(12_000).then(() => false)]);
    if (!done) {
      server.kill("SIGKILL");
      await exited;
    }
  }
  server = undefined;
}

async function stopServer() {
  await stopServerProcess();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`${signal}: stopping the server`);
    stopServer().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  log(`took longer than ${WATCHDOG_MS / 1000}s, giving up`);
  stopServer().finally(() => process.exit(1));
}, WATCHDOG_MS);
watchdog.unref();

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function ensureBuilt() {
  const needed = ["build/server.js", "build/server/index.js", "build/client/assets"];
  if (needed.every((file) => fs.existsSync(path.join(ROOT, file)))) return false;
  log("build/ is missing: npm run build");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", timeout: 600_000 });
  if (result.status !== 0) throw new Error("npm run build failed");
  return true;
}

function serverEnv(port) {
  const env = { ...process.env };
  // The embedded default unless asked otherwise; nothing from this shell may redirect the app elsewhere.
  for (const name of [
    "DATABASE_URL",
    "API_BASE_URL",
    "MIGRATIONS_DIR",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "NODE_OPTIONS",
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: "1",
    INSECURE_COOKIES: "1",
    // No Flutterwave keys: production starts only with the sandbox provider chosen explicitly.
    PAYMENT_SANDBOX: "1",
    APP_URL: `http://${HOST}:${port}`,
    SESSION_SECRET: `bench-session-secret-${process.pid}-${Date.now()}`,
    ...(process.env.BENCH_DATABASE_URL
      ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
      : { EMBEDDED_DATABASE: "1" }),
  });
  return env;
}

/**
 * Fills the database with BENCH_CUSTOMERS synthetic customers before the server opens it (PGlite allows
 * one process at a time), so the customer list is measured at the size the targets speak of.
 */
function seedCustomers(count) {
  return seedWith("backend/demo/seed-customers-cli.ts", "customers", count);
}

/** The same for BENCH_DEVICES synthetic devices, so the device search is measured at its target size. */
function seedDevices(count) {
  return seedWith("backend/demo/seed-devices-cli.ts", "devices", count);
}

function seedWith(cli, what, count) {
  log(`seeding ${count} ${what}`);
  const started = Date.now();
  const env = serverEnv(0);
  delete env.PORT;
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), cli, String(count)],
    { cwd: ROOT, env, encoding: "utf8", timeout: 600_000 },
  );
  if (result.status !== 0) throw new Error(`seeding ${what} failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - started;
}

/** BENCH_SALES sales, the bench's sale catalogue and the loan book (seed-sales-cli.ts); answers what it seeded. */
function seedSales(count) {
  log(`seeding ${count} sales and a loan book of ${ACCOUNTS} accounts`);
  const started = Date.now();
  const env = serverEnv(0);
  delete env.PORT;
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      "backend/demo/seed-sales-cli.ts",
      String(count),
      String(ACCOUNTS),
    ],
    { cwd: ROOT, env, encoding: "utf8", timeout: 2_400_000, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`seeding sales failed:\n${result.stdout}\n${result.stderr}`);
  const lines = result.stdout.trim().split("\n");
  return { ms: Date.now() - started, seeded: JSON.parse(lines[lines.length - 1]) };
}

/** The stock the stock subjects read (seed-stock-cli.ts), before the server opens the database. */
function seedStock() {
  log(`seeding ${PRODUCTS} products over ${ITEMS} inventory items in ${BATCHES} batches`);
  const started = Date.now();
  const env = serverEnv(0);
  delete env.PORT;
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      "backend/demo/seed-stock-cli.ts",
      String(PRODUCTS),
      String(ITEMS),
      String(BATCHES),
    ],
    { cwd: ROOT, env, encoding: "utf8", timeout: 600_000 },
  );
  if (result.status !== 0) throw new Error(`seeding stock failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - started;
}

/** A bearer token for the API subjects, and a seeded warehouse to filter the inventory by. */
async function apiAccess(base) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
    signal: AbortSignal.timeout(20_000),
  });
  await login.arrayBuffer();
  const token = login.headers.get("access_token");
  if (login.status !== 200 || !token) throw new Error(`API sign-in answered ${login.status}`);
  const authorization = `Bearer ${token}`;
  const answer = await fetch(`${base}/api/v1/warehouses?search=Bench%20Warehouse&limit=1`, {
    headers: { authorization },
    signal: AbortSignal.timeout(20_000),
  });
  const body = await answer.json();
  const warehouseId = body.warehouses?.[0]?.id;
  if (!warehouseId) throw new Error(`no seeded warehouse found (${answer.status})`);
  return { authorization, warehouseId };
}

async function startServer(port, extraEnv = {}) {
  const env = { ...serverEnv(port), ...extraEnv };
  server = spawn(process.execPath, ["build/server.js"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk) => {
    serverOutput = (serverOutput + chunk).slice(-20_000);
  };
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);

  const base = `http://${HOST}:${port}`;
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    if (server.exitCode !== null) throw new Error(`the server exited during start:\n${serverOutput}`);
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status === 200) return { base, startMs: Date.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`/healthz did not answer 200 within 90 s:\n${serverOutput}`);
}

async function signIn(base) {
  const body = new URLSearchParams({
    intent: "login",
    redirectTo: "/home",
    email: ADMIN.email,
    password: ADMIN.password,
  });
  const response = await fetch(`${base}/?index`, {
    method: "POST",
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
  await response.arrayBuffer();
  const location = response.headers.get("location");
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .find((pair) => pair.startsWith("userData="));
  if (response.status !== 302 || location !== "/home" || !cookie) {
    throw new Error(
      `sign-in answered ${response.status} (Location: ${location ?? "none"}, userData cookie: ${cookie ? "yes" : "no"})`,
    );
  }
  const home = await fetch(`${base}/home`, {
    headers: { cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
  await home.arrayBuffer();
  if (home.status !== 200)
    throw new Error(`/home with the session cookie answered ${home.status}, expected 200`);
  return cookie;
}

/** A bearer token for the API, as the web app's server side gets one. */
async function apiToken(base) {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
    signal: AbortSignal.timeout(20_000),
  });
  await response.arrayBuffer();
  const token = response.headers.get("access_token");
  if (response.status !== 200 || !token) throw new Error(`API sign-in answered ${response.status}`);
  return token;
}

/** A sale to open in the browser (the newest), or null when none was seeded. */
async function firstSaleId(base, token) {
  const response = await fetch(`${base}/api/v1/sales/list?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(20_000),
  });
  const body = await response.json();
  return response.ok && Array.isArray(body.sales) && body.sales[0] ? body.sales[0].id : null;
}

/** An empty sale draft of the signed-in administrator: the new-sale wizard's steps open on it. */
async function newDraftId(base, token) {
  const response = await fetch(`${base}/api/v1/sales/drafts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(20_000),
  });
  const body = await response.json();
  if (!response.ok || typeof body.id !== "string")
    throw new Error(`POST /sales/drafts answered ${response.status}`);
  return body.id;
}

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), or null where /proc is not readable. */
function procStatusKb(pid, field) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** A device batch file of `rows` new devices (OpenPAYGO-style keys), as the template's columns. */
function deviceBatchCsv(rows) {
  const random = seededRandom(7);
  const hex = () => Array.from({ length: 32 }, () => "0123456789abcdef"[Math.floor(random() * 16)]).join("");
  const lines = [
    "Serial Number,Key,Starting Code,Count,Time Divider,Restricted Digit Mode,Hardware Model,Firmware Version",
  ];
  for (let index = 0; index < rows; index += 1) {
    const code = 100_000_000 + Math.floor(random() * 899_999_999);
    lines.push(
      `UP${String(index).padStart(8, "0")},${hex()},${code},1,1,false,SHS-100 PAYG Controller,3.2.1`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * Uploads a 20,000-row device file through the API and watches the server's memory meanwhile: resident
 * size sampled every 20 ms, and the kernel's high-water mark (reset first where allowed).
 */
async function measureDeviceUpload(base, token) {
  const csv = deviceBatchCsv(UPLOAD_ROWS);
  const pid = server.pid;
  const rssBefore = procStatusKb(pid, "VmRSS");
  let hwmReset = false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
    hwmReset = true;
  } catch {
    // Not allowed here: the sampled peak alone is reported.
  }
  let sampledPeak = rssBefore ?? 0;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatusKb(pid, "VmRSS") ?? 0);
  }, 20);
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "devices.csv");
  log(`uploading ${UPLOAD_ROWS} devices (${kb(Buffer.byteLength(csv))} KB)`);
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/device/batch-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(300_000),
  });
  const body = await response.json().catch(() => null);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const hwm = hwmReset ? procStatusKb(pid, "VmHWM") : null;
  if (response.status !== 201 || body?.count !== UPLOAD_ROWS) {
    throw new Error(`the device upload answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
  const peakKb = Math.max(sampledPeak, hwm ?? 0);
  return {
    rows: UPLOAD_ROWS,
    fileBytes: Buffer.byteLength(csv),
    seconds,
    rssBeforeMb: rssBefore === null ? null : rssBefore / 1024,
    peakMb: rssBefore === null ? null : peakKb / 1024,
    growthMb: rssBefore === null ? null : (peakKb - rssBefore) / 1024,
    hwmReset,
  };
}

/** Watches the server's resident memory from now: sampled every 20 ms, plus the kernel's high-water mark. */
function watchMemory() {
  const pid = server.pid;
  const before = procStatusKb(pid, "VmRSS");
  let hwmReset = false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    hwmReset = true;
  } catch {
    // Not allowed here: the sampled peak alone is reported.
  }
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, procStatusKb(pid, "VmRSS") ?? 0);
  }, 20);
  return () => {
    clearInterval(sampler);
    const hwm = hwmReset ? procStatusKb(pid, "VmHWM") : null;
    const peakKb = Math.max(peak, hwm ?? 0);
    return {
      rssBeforeMb: before === null ? null : before / 1024,
      peakMb: before === null ? null : peakKb / 1024,
      growthMb: before === null ? null : (peakKb - before) / 1024,
      hwmReset,
    };
  };
}

/** A Lagos calendar day `days` ago. */
const lagosDaysAgo = (days) =>
  new Date(Date.now() + 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

/** A sales batch file of `rows` one-off sales of the seeded upload product, one device each. */
function saleBatchCsv(rows, seeded) {
  const random = seededRandom(11);
  const emails = seeded.customerEmails;
  const lines = ["customer,product,units,paymentMode,deviceSerials,paymentMethod,amountPaid,saleDate"];
  for (let index = 0; index < rows; index += 1) {
    const email = emails[index % emails.length];
    const serial = `${seeded.uploadProduct.serialPrefix}${String(index + 1).padStart(7, "0")}`;
    const paid = random() < 0.5 ? 0 : 20_000;
    lines.push(
      `${email},${seeded.uploadProduct.name},1,ONE_OFF,${serial},CASH,${paid},${lagosDaysAgo(1 + Math.floor(random() * 300))}`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Uploads a 10,000-row sales file through the API: every row checked, then all committed at once. */
async function measureSaleUpload(base, token, seeded) {
  const csv = saleBatchCsv(SALE_UPLOAD_ROWS, seeded);
  const stop = watchMemory();
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "sales.csv");
  log(`uploading ${SALE_UPLOAD_ROWS} sales (${kb(Buffer.byteLength(csv))} KB)`);
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/csv-upload/process`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(300_000),
  });
  const body = await response.json().catch(() => null);
  const seconds = (performance.now() - started) / 1000;
  const memory = stop();
  if (response.status !== 201 || body?.count !== SALE_UPLOAD_ROWS) {
    throw new Error(`the sales upload answered ${response.status}: ${JSON.stringify(body).slice(0, 800)}`);
  }
  return { rows: SALE_UPLOAD_ROWS, fileBytes: Buffer.byteLength(csv), seconds, ...memory };
}

/** Exports every sale through the API, reading the stream as it comes; time, size and memory. */
async function measureSaleExport(base, token) {
  log("exporting every sale");
  const stop = watchMemory();
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/csv-upload/export-sales`, {
    headers: { authorization: `Bearer ${token}`, accept: "text/csv" },
    signal: AbortSignal.timeout(600_000),
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = stop();
  if (response.status !== 200) throw new Error(`the export answered ${response.status}`);
  return { seconds, bytes, rows: Math.max(0, lines - 1), ...memory };
}

/** Sales of the three seeded products (3 units each, batches of one unit) made one after another. */
async function measureSaleCreation(base, token, seeded) {
  const authorization = `Bearer ${token}`;
  // An active customer: a barred one is sold nothing.
  const customers = await fetch(`${base}/api/v1/customers?status=active&limit=1`, {
    headers: { authorization },
  });
  const customerId = (await customers.json()).customers?.[0]?.id;
  if (!customerId) throw new Error("no customer to sell to");
  const recipient = {
    firstname: "Bench",
    lastname: "Buyer",
    address: "Ikeja",
    phone: "08030000000",
    email: "buyer@example.com",
  };
  const times = [];
  log(`making ${SALE_TIMINGS} sales of 3 products over many batches`);
  for (let round = 0; round < SALE_TIMINGS; round += 1) {
    const saleItems = [];
    for (const product of seeded.timedProducts) {
      const answer = await fetch(`${base}/api/v1/device?inventoryId=${product.itemId}&linked=false&limit=3`, {
        headers: { authorization },
      });
      const devices = (await answer.json()).devices.map((device) => device.id);
      saleItems.push({
        productId: product.productId,
        quantity: 3,
        paymentMode: "ONE_OFF",
        devices,
        saleRecipient: recipient,
      });
    }
    const started = performance.now();
    const response = await fetch(`${base}/api/v1/sales/create`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({
        category: "PRODUCT",
        customerId,
        paymentMethod: "CASH",
        applyMargin: false,
        saleItems,
      }),
      signal: AbortSignal.timeout(60_000),
    });
    const answer = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 201)
      throw new Error(`a sale answered ${response.status}: ${answer.slice(0, 500)}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  return { count: times.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] };
}

/** Waits until requests still queued from the last load are done, so the next subject starts clean. */
async function settle(base) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok && Date.now() - started < 200) return;
    await sleep(500);
  }
  throw new Error("the server stayed busy for 2 minutes after a load");
}

/** A subject's load settings, after WARMUP seconds of it. */
async function warmedUp(base, subject, connections) {
  const url = `${base}${subject.url ?? subject.path}`;
  const load = { url, headers: subject.headers, nextPath: subject.nextPath, connections };
  if (WARMUP > 0) await runLoad({ ...load, duration: WARMUP });
  return load;
}

/**
 * A subject with `nextPath` asks for a different URL on every request (autocannon's setupRequest). Every
 * response time is kept, so the p95 is exact (autocannon's own percentiles skip it).
 */
function runLoad({ url, headers = {}, duration, connections, nextPath }) {
  const options = { url, headers, duration, connections, timeout: 10, pipelining: 1 };
  if (nextPath) options.requests = [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }];
  const times = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ ...result, times }),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

function percentile(times, fraction) {
  if (times.length === 0) return Number.NaN;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

async function measureThroughput(base, subject, connections = CONNECTIONS) {
  const load = await warmedUp(base, subject, connections);
  log(`${subject.path}: ${connections} connections for ${DURATION}s`);
  const result = await runLoad({ ...load, duration: DURATION });
  return {
    ...subject,
    connections,
    rps: result.requests.average,
    total: result.requests.total,
    p50: percentile(result.times, 0.5),
    p95: percentile(result.times, 0.95),
    p99: percentile(result.times, 0.99),
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Every script the page loads before any interaction: <script src> and modulepreload links, plus the inline module's imports. */
function initialScripts(html) {
  const urls = new Set();
  const attribute = (tag, name) =>
    tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  const value = (match) => match && (match[1] ?? match[2] ?? match[3]);
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = value(attribute(tag, "src"));
    if (src) urls.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = value(attribute(tag, "rel"));
    const href = value(attribute(tag, "href"));
    if (href && rel?.toLowerCase().split(/\s+/).includes("modulepreload")) urls.add(href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, spec] of body.matchAll(
      /(?:import\s*(?:[^"'();]*?\s*from\s*)?|import\s*\(\s*)["']([^"']+)["']/g,
    ))
      urls.add(spec);
  }
  return [...urls].filter((url) => url.startsWith("/assets/"));
}

async function measurePageWeight(base, subject) {
  const response = await fetch(`${base}${subject.path}`, {
    headers: subject.headers,
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
  const html = await response.text();
  if (response.status !== 200)
    throw new Error(`${subject.path} answered ${response.status} while measuring its scripts`);
  const files = [];
  for (const url of initialScripts(html)) {
    const asset = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(20_000) });
    const bytes = Buffer.from(await asset.arrayBuffer());
    if (asset.status !== 200) throw new Error(`${url} answered ${asset.status}`);
    files.push({ url, raw: bytes.length, gzip: zlib.gzipSync(bytes).length }); // default level: 6
  }
  // Inline scripts (Remix's route manifest, context and module loader) ride in the HTML: shown, not counted.
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc\s*=/i.test(attributes))
    .map(([, , body]) => body)
    .join("\n");
  return {
    ...subject,
    files,
    inlineRaw: Buffer.byteLength(inline),
    inlineGzip: zlib.gzipSync(inline).length,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  };
}

/**
 * Every route's initial JavaScript from the build's Remix browser manifest: the entry's files, then each
 * route from the root down with the files it imports, gzipped as above. Pages behind ids the benchmark does
 * not visit (a contract action's form, a step of the new sale) are counted too.
 */
function everyRouteWeight() {
  const assets = path.join(ROOT, "build/client/assets");
  const name = fs.readdirSync(assets).find((file) => /^manifest-.*\.js$/.test(file));
  const text = fs.readFileSync(path.join(assets, name), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const gzipped = new Map();
  const gzipOf = (url) => {
    if (!gzipped.has(url))
      gzipped.set(url, zlib.gzipSync(fs.readFileSync(path.join(ROOT, "build/client", url))).length);
    return gzipped.get(url);
  };
  return Object.keys(manifest.routes)
    .map((id) => {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) {
        files.add(route.module);
        for (const file of route.imports ?? []) files.add(file);
      }
      return { id, files: files.size, gzip: [...files].reduce((sum, file) => sum + gzipOf(file), 0) };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** A browser that reaches nothing but this machine. */
function launchBrowser() {
  return chromium.launch({
    executablePath: fs.existsSync(CHROMIUM) ? CHROMIUM : undefined,
    args: [
      "--no-sandbox",
      "--disable-dev-shm-usage",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
}

/** A fresh profile on Slow 4G with a slower CPU: a first visit, nothing cached. */
async function throttledPage(browser, base, cookie) {
  const context = await browser.newContext();
  if (cookie) {
    const [name, ...value] = cookie.split("=");
    await context.addCookies([{ name, value: value.join("="), url: base }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return page;
}

/**
 * Milliseconds from the start of the navigation until the first frame that shows the main content.
 * The page itself looks at every frame: Playwright's own wait polls at growing intervals (up to 500 ms)
 * and measures layout even before the stylesheet has arrived, so it is both coarse and early.
 */
async function timeToContent(browser, base, subject, cookie) {
  const page = await throttledPage(browser, base, subject.signedIn ? cookie : null);
  try {
    await page.addInitScript((selector) => {
      const look = () => {
        const element = document.querySelector(selector);
        const box = element?.getBoundingClientRect();
        const shown = box && box.width > 0 && box.height > 0;
        if (shown && getComputedStyle(element).visibility !== "hidden")
          window.__benchContentAt = performance.now();
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    }, subject.content);
    await page.goto(`${base}${subject.path}`, { waitUntil: "commit", timeout: 60_000 });
    const seen = await page.waitForFunction(() => window.__benchContentAt, null, { timeout: 60_000 });
    return Math.round(await seen.jsonValue());
  } finally {
    await page.context().close();
  }
}

const median = (values) => percentile(values, 0.5);

/**
 * Each page FEEL_ROUNDS times, each time right after /login, so the two are compared at the same moments
 * of a machine whose speed drifts; then what pressing New Sales costs with JavaScript on.
 */
async function measureFeel(base, cookie, subjects) {
  const browser = await launchBrowser();
  try {
    const login = subjects.find((subject) => subject.path === "/login");
    const rows = [];
    for (const subject of subjects) {
      log(`time to content on Slow 4G, ${CPU_SLOWDOWN}× CPU: ${subject.path}`);
      const own = [];
      const beside = [];
      for (let round = 0; round < FEEL_ROUNDS; round += 1) {
        beside.push(await timeToContent(browser, base, login, cookie));
        own.push(await timeToContent(browser, base, subject, cookie));
      }
      rows.push({ ...subject, ms: median(own), loginMs: median(beside) });
    }
    return { rows, newSale: await pressNewSales(browser, base, cookie) };
  } finally {
    await browser.close();
  }
}

/** From the loaded sales list, JavaScript on: requests and bytes between the press and the drawer. */
async function pressNewSales(browser, base, cookie) {
  const page = await throttledPage(browser, base, cookie);
  try {
    await page.goto(`${base}/sales/all`, { waitUntil: "networkidle", timeout: 120_000 });
    const finished = [];
    page.on("requestfinished", (request) => finished.push(request));
    const started = Date.now();
    await page.getByRole("button", { name: "New Sales" }).click();
    await page.getByRole("dialog").first().waitFor({ state: "visible", timeout: 60_000 });
    const ms = Date.now() - started;
    const sizes = await Promise.all(finished.map((request) => request.sizes()));
    return {
      ms,
      requests: finished.length,
      bytes: sizes.reduce((sum, size) => sum + size.responseBodySize + size.responseHeadersSize, 0),
    };
  } finally {
    await page.context().close();
  }
}

function feelLines(feel) {
  return [
    `## What staff feel: Slow 4G and a ${CPU_SLOWDOWN}× slower CPU`,
    "",
    `Chromium with DevTools' Slow 4G profile (${SLOW_4G.latency} ms, ${fixed((SLOW_4G.downloadThroughput * 8) / 1e6, 2)} Mbit/s down) and its CPU slowed ${CPU_SLOWDOWN}×, a fresh profile for every load (a first visit). Time from the start of the navigation until the first frame that shows the main content (the page watches every frame), the median of ${FEEL_ROUNDS} loads, each right after a load of /login; initial JavaScript as in the last section. Targets: ≤ ${TARGET_FEEL_RATIO} × /login's time and ≤ ${TARGET_JS_KB} KB gzip.`,
    "",
    "| page | main content | ms | /login beside it, ms | × /login | initial JS gzip KB (files) | targets |",
    "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    ...feel.rows.map((row) => {
      const ratio = row.ms / row.loginMs;
      const js = row.weight ? `${kb(row.weight.gzip)} (${row.weight.files.length})` : "n/a";
      const meets = ratio <= TARGET_FEEL_RATIO && (!row.weight || row.weight.gzip <= TARGET_JS_KB * 1024);
      return `| \`${row.path}\` | \`${row.content}\` | ${fixed(row.ms)} | ${fixed(row.loginMs)} | ${fixed(ratio, 2)} | ${js} | ${verdict(meets)} |`;
    }),
    "",
    `- Pressing New Sales on the loaded sales list (JavaScript on, same throttling): ${feel.newSale.requests} requests, ${kb(feel.newSale.bytes)} KB before the drawer shows, ${fixed(feel.newSale.ms)} ms.`,
    "",
  ];
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const verdict = (ok) => (ok ? "meets" : "**misses**");

function gitDescription() {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  const dirty = spawnSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" });
  if (head.status !== 0) return "not a git checkout";
  return `${head.stdout.trim()}${dirty.stdout.trim() ? " + uncommitted changes" : ""}`;
}

/** The stock subjects, each at ten connections. */
function stockReport(loads, stockSeedMs) {
  const stock = loads.filter((load) => load.stock);
  if (stock.length === 0) return [];
  return [
    `- Stock: ${PRODUCTS} products over ${ITEMS} inventory items in ${BATCHES} batches were seeded before the start (${fixed(stockSeedMs / 1000, 1)} s). At ${CALM_CONNECTIONS} connections (the fixed-URL API subjects come from the read cache after their first request; the random page shows the uncached cost):`,
    ...stock.map((load) => `  - ${load.path}: ${calmFigures(load)}`),
  ];
}

/** A subject's figures at ten connections, the way the lines below quote them. */
function calmFigures(load) {
  return `p50 ${fixed(load.p50, 1)} ms, **p95 ${fixed(load.p95, 1)} ms**, p99 ${fixed(load.p99, 1)} ms, ${fixed(load.rps)} req/s`;
}

/** The device search lines: each device subject at ten connections. */
function deviceLines(loads, deviceSeedMs) {
  return [
    ...loads.filter((load) => load.device).map((load) => `- ${load.path}: ${calmFigures(load)}`),
    `- ${DEVICES} devices were seeded before the start (${fixed(deviceSeedMs / 1000, 1)} s; BENCH_DEVICES changes the number)`,
  ];
}

function uploadLines(upload) {
  const mb = (value) => (value === null ? "n/a" : fixed(value, 0));
  return [
    "## Device batch upload",
    "",
    `POST /api/v1/device/batch-upload with a ${UPLOAD_ROWS}-row CSV (${kb(upload.fileBytes)} KB), on the server with ${DEVICES} devices already stored: every row validated (values, serial numbers repeated in the file or stored), then all rows inserted in one transaction. Time from sending the file to the answer; memory is the server process's resident size, sampled every 20 ms${upload.hwmReset ? " and its kernel high-water mark (reset just before)" : ""}.`,
    "",
    "| rows | seconds | rows/s | RSS before MB | peak RSS MB | growth MB |",
    "| ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${upload.rows} | ${fixed(upload.seconds, 2)} | ${fixed(upload.rows / upload.seconds)} | ${mb(upload.rssBeforeMb)} | ${mb(upload.peakMb)} | ${mb(upload.growthMb)} |`,
    "",
    `- Validate + commit ${fixed(upload.seconds, 2)} s; target ≤ ${TARGET_UPLOAD_S} s: ${verdict(upload.seconds <= TARGET_UPLOAD_S)}`,
    `- Peak RSS growth ${mb(upload.growthMb)} MB; target ≤ ${TARGET_UPLOAD_RSS_MB} MB: ${upload.growthMb === null ? "not measured (no /proc)" : verdict(upload.growthMb <= TARGET_UPLOAD_RSS_MB)}`,
    "",
  ];
}

function salesLines(loads, sales) {
  if (!sales) return [];
  const mb = (value) => (value === null ? "n/a" : fixed(value, 0));
  const { upload, exported, creation } = sales;
  return [
    "## Sales",
    "",
    `${SALES} sales were seeded before the start (${fixed(sales.seedMs / 1000, 1)} s; BENCH_SALES changes the number).`,
    "",
    ...loads.filter((load) => load.sale).map((load) => `- ${load.path}: ${calmFigures(load)}`),
    "",
    "| measure | rows | seconds | RSS before MB | peak RSS MB | growth MB |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    `| sales batch upload (${kb(upload.fileBytes)} KB CSV) | ${upload.rows} | ${fixed(upload.seconds, 2)} | ${mb(upload.rssBeforeMb)} | ${mb(upload.peakMb)} | ${mb(upload.growthMb)} |`,
    `| export of every sale (${fixed(exported.bytes / 2 ** 20, 1)} MB CSV) | ${exported.rows} | ${fixed(exported.seconds, 2)} | ${mb(exported.rssBeforeMb)} | ${mb(exported.peakMb)} | ${mb(exported.growthMb)} |`,
    "",
    `- Sales batch of ${upload.rows} rows, validated and committed in ${fixed(upload.seconds, 2)} s; target ≤ ${TARGET_SALE_UPLOAD_S} s: ${verdict(upload.seconds <= TARGET_SALE_UPLOAD_S)}`,
    `- Export of ${exported.rows} sale items: peak RSS growth ${mb(exported.growthMb)} MB; target ≤ ${TARGET_EXPORT_RSS_MB} MB (flat memory): ${exported.growthMb === null ? "not measured (no /proc)" : verdict(exported.growthMb <= TARGET_EXPORT_RSS_MB)}`,
    `- Making a sale of 3 products, 3 units each over batches of one unit (9 batches locked and allocated, 9 devices linked), through POST /api/v1/sales/create, ${creation.count} one after another: p50 ${fixed(creation.p50, 1)} ms, p99 ${fixed(creation.p99, 1)} ms, slowest ${fixed(creation.max, 1)} ms`,
    "",
  ];
}

/**
 * The portfolio against /sales/all in the same run: one request each on a quiet server (the dashboard's
 * first, which works out the day's history figures, and a later one, which reads them), then 10 connections.
 */
async function measurePortfolio(base, cookie, token, loads) {
  const options = await (
    await fetch(`${base}/api/v1/portfolio/options`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const agentId = options.agents[0]?.id;
  const total = await (
    await fetch(`${base}/api/v1/portfolio/accounts?bucket=31-90&limit=20`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const deep = Math.max(1, Math.floor(total.totalPages / 2));
  const alone = async (pagePath) => {
    // Past the read cache's few seconds: what one request costs when nobody asked just before.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const started = performance.now();
    const response = await fetch(`${base}${pagePath}`, { headers: { cookie }, redirect: "manual" });
    await response.text();
    if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
    return performance.now() - started;
  };
  // The first of the day works out the history figures unless the server's job or the seeder has.
  const first = [
    { path: "/portfolio (first request)", ms: await alone("/portfolio") },
    { path: `/portfolio?agentId=… (first request)`, ms: await alone(`/portfolio?agentId=${agentId}`) },
  ];
  // Then every page in turn, /sales/all among them, SINGLE_ROUNDS times: a pause of the machine or a
  // slow stretch falls on the pages and their yardstick alike, and each figure is the median of its own.
  const pages = [
    "/sales/all",
    "/portfolio",
    `/portfolio?agentId=${agentId}`,
    "/portfolio/accounts?bucket=31-90",
    `/portfolio/accounts?bucket=31-90&page=${deep}`,
    // Issue 27's worklist: its first page, a filtered page and Due today.
    "/collections",
    "/collections?bucket=31-90",
    "/collections?tab=due",
  ];
  const times = pages.map(() => []);
  for (let round = 0; round < SINGLE_ROUNDS; round += 1) {
    for (const [index, pagePath] of pages.entries()) times[index].push(await alone(pagePath));
  }
  const shown = (pagePath) => pagePath.replace(`agentId=${agentId}`, "agentId=…");
  const single = [
    ...pages.map((pagePath, index) => ({ path: shown(pagePath), ms: median(times[index]) })),
    ...first,
  ];
  const page = (pagePath, what, url) => ({
    path: pagePath,
    url,
    label: "signed in",
    what,
    headers: { cookie },
    book: true,
  });
  const subjects = [
    page("/sales/all", "the sales list, for comparison in this phase"),
    page("/portfolio", "the dashboard: the day's start and what changed since, history kept"),
    page("/portfolio?agentId=…", "one agent's dashboard", `/portfolio?agentId=${agentId}`),
    page("/portfolio/accounts?bucket=31-90", "the accounts 31–90 days late, by days late"),
    page(
      `/portfolio/accounts?bucket=31-90&page=${deep}`,
      "a deep page of them",
      `/portfolio/accounts?bucket=31-90&page=${deep}`,
    ),
    page("/collections", "the collections worklist: late accounts, broken promises first"),
    page("/collections?bucket=31-90", "the worklist, 31–90 days late"),
    page("/collections?tab=due", "the worklist's Due today"),
  ];
  // The loads too in rounds, /sales/all first in each: a slow stretch of the machine then falls on a page
  // and the yardstick it is divided by alike. Each page shows its median round by that ratio.
  const rounds = [];
  for (let round = 0; round < LOAD_ROUNDS; round += 1) {
    const measured = [];
    for (const subject of subjects) {
      measured.push(await measureThroughput(base, subject, CALM_CONNECTIONS));
      await settle(base);
    }
    rounds.push(measured);
  }
  const measured = subjects.map((_, index) => {
    const runs = rounds.map((round) => ({ ...round[index], ratio: round[index].p95 / round[0].p95 }));
    const order = index === 0 ? (run) => run.p95 : (run) => run.ratio;
    const middle = [...runs].sort((a, b) => order(a) - order(b))[Math.floor(runs.length / 2)];
    return { ...middle, ratios: runs.map((run) => run.ratio), p95s: runs.map((run) => run.p95) };
  });
  loads.push(...measured);
  return { single, loads: measured };
}

/** Runs a CLI of backend/demo with tsx on the bench's database; answers the JSON of its last line. */
function runCli(cli, args, what, timeout) {
  log(what);
  const env = serverEnv(0);
  delete env.PORT;
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), cli, ...args.map(String)],
    { cwd: ROOT, env, encoding: "utf8", timeout, maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`${what} failed:\n${result.stdout}\n${result.stderr}`);
  const lines = result.stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

/**
 * Loads `subject` at ten connections from the moment the messages fall due until the outbox's count of
 * them reads 0; the response times kept are those of the responses that completed in between.
 */
async function loadWhileDraining(base, subject, queuedCount, dueAt) {
  const samples = [];
  let instance;
  const done = new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url: `${base}${subject.path}`,
        headers: subject.headers,
        connections: CALM_CONNECTIONS,
        duration: DRAIN_LIMIT_S,
        timeout: 10,
        pipelining: 1,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on("response", (_client, status, _bytes, responseTime) =>
    samples.push({ at: Date.now(), ms: responseTime, ok: status >= 200 && status < 300 }),
  );
  let drainedAt = null;
  let left = null;
  while (Date.now() - dueAt < DRAIN_LIMIT_S * 1000) {
    left = await queuedCount();
    if (left === 0) {
      drainedAt = Date.now();
      break;
    }
    await sleep(250);
  }
  instance.stop();
  await done;
  const within = samples.filter((sample) => sample.at >= dueAt && sample.at <= (drainedAt ?? Date.now()));
  return {
    seconds: drainedAt === null ? null : (drainedAt - dueAt) / 1000,
    left,
    responses: within.length,
    non2xx: within.filter((sample) => !sample.ok).length,
    p50: percentile(
      within.map((sample) => sample.ms),
      0.5,
    ),
    p95: percentile(
      within.map((sample) => sample.ms),
      0.95,
    ),
  };
}

/**
 * The customer-message figures, last, since they restart the server: the CLI's reminder round and queueing
 * cost on the stopped server's database, then the worker draining MESSAGE_DRAIN messages while /sales/all is
 * loaded, against /sales/all on the same restarted server before they fell due.
 */
async function measureMessages(firstStartMs) {
  // Long enough for the restart and the figure before the messages fall due, with room to spare.
  const holdSeconds = Math.ceil((2 * firstStartMs) / 1000 + 2 * (WARMUP + DURATION) + 30);
  log("stopping the server for the customer-message figures");
  await stopServerProcess();
  const cli = runCli(
    "backend/demo/bench-messages-cli.ts",
    [MESSAGE_DRAIN, MESSAGE_TIMINGS, holdSeconds],
    `a reminder round over the book, ${MESSAGE_TIMINGS} payments with their message and as many without timed, ${MESSAGE_DRAIN} queued to drain`,
    900_000,
  );
  const dueAt = Date.parse(cli.drain.dueAt);
  const port = await freePort();
  log(`starting the server again on ${HOST}:${port} with MESSAGE_POLL_MS=${MESSAGE_POLL_MS}`);
  const { base, startMs } = await startServer(port, { MESSAGE_POLL_MS: String(MESSAGE_POLL_MS) });
  // The session secret is new with each start: sign in again.
  const cookie = await signIn(base);
  const authorization = `Bearer ${await apiToken(base)}`;
  const countOf = async (status) => {
    const response = await fetch(`${base}/api/v1/messages?status=${status}&kind=MANUAL&limit=1`, {
      headers: { authorization },
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.json();
    if (response.status !== 200 || typeof body.total !== "number")
      throw new Error(`GET /api/v1/messages answered ${response.status}`);
    return body.total;
  };
  const subject = {
    path: "/sales/all",
    label: "signed in",
    what: "sales list, first page, on the restarted server",
    headers: { cookie },
  };
  // A fresh server's first housekeeping round runs at its start: measured once it is done.
  await settle(base);
  const before = await measureThroughput(base, subject, CALM_CONNECTIONS);
  // Taken before they fell due, or the hold was too short and the figure before is not one.
  const sentBefore = cli.drain.queued - (await countOf("QUEUED"));
  await settle(base);
  if (Date.now() < dueAt) {
    log(`waiting ${fixed((dueAt - Date.now()) / 1000)} s until the ${cli.drain.queued} messages fall due`);
    await sleep(dueAt - Date.now());
  }
  log(`/sales/all at ${CALM_CONNECTIONS} connections while the worker sends ${cli.drain.queued} messages`);
  const during = await loadWhileDraining(base, subject, () => countOf("QUEUED"), dueAt);
  return { ...cli, holdSeconds, startMs, before, sentBefore, during, sent: await countOf("SENT") };
}

function messageLines(messaging, loads) {
  if (!messaging) return [];
  const { reminders, queueing, drain, before, during } = messaging;
  const earlier = loads.find((load) => load.sale && load.path === "/sales/all");
  // The issue's figure is a cash payment's p99: the whole payment as the API makes it. The transaction's own
  // share is given beside it.
  const added = queueing.whole.withMessage.p99 - queueing.whole.audit.p99;
  const share = added / queueing.whole.audit.p99;
  const addedInTransaction = queueing.withMessage.p99 - queueing.audit.p99;
  const ratio = during.p95 / before.p95;
  const drained = during.seconds !== null;
  return [
    "## Customer messages",
    "",
    `Measured last, on the same book: the server is stopped, \`backend/demo/bench-messages-cli.ts\` works on its database, and the server is started again with MESSAGE_POLL_MS=${MESSAGE_POLL_MS} and the sandbox gateway (ready after ${fixed(messaging.startMs / 1000, 1)} s).`,
    "",
    reminders.day
      ? `- Reminder round: \`queueReminders\` over the whole book (${reminders.accounts} accounts, ${reminders.open} open) with \`now\` at noon Lagos on ${reminders.day}, the day on which the most open accounts' credit expiries fall on the reminder schedule's offsets (${reminders.expected} account and offset pairs; a day a housekeeping round already ran on is left out): ${reminders.queued} messages queued in ${fixed(reminders.seconds, 1)} s; target ≤ ${TARGET_REMINDER_ROUND_S} s: ${verdict(reminders.seconds <= TARGET_REMINDER_ROUND_S)}. Its rows are deleted afterwards, so the drain below sends only its own.`
      : "- Reminder round: not measured (reminders are off, or no open account has a credit expiry).",
    `- The worker draining ${drain.queued} queued SMS messages: a list message to ${drain.customers} account holders, each text filled from the customer and the account, written in one transaction (${fixed(drain.insertSeconds, 1)} s) while the server was stopped and due ${messaging.holdSeconds} s later, so that the figure before comes from the same server. From the moment they fell due until \`GET /api/v1/messages?status=QUEUED&kind=MANUAL&limit=1\` (an administrator's token, asked every 250 ms) answered a total of 0: ${drained ? `${fixed(during.seconds, 1)} s (${fixed(drain.queued / during.seconds)} messages/s)` : `not drained within ${DRAIN_LIMIT_S} s (${during.left} left)`}; target ≤ ${TARGET_DRAIN_S} s: ${verdict(drained && during.seconds <= TARGET_DRAIN_S)}. ${messaging.sent} of them ended SENT.`,
    `- /sales/all at ${CALM_CONNECTIONS} connections while staff work: before the messages fell due (${WARMUP} s warm-up, then ${DURATION} s) ${calmFigures(before)}; during the drain (the ${during.responses} responses completed between the due moment and the empty queue, ${during.non2xx} not 2xx) p50 ${fixed(during.p50, 1)} ms, **p95 ${fixed(during.p95, 1)} ms**, ${fixed(ratio, 2)} × before; target ≤ ${TARGET_DRAIN_P95_RATIO} ×: ${verdict(ratio <= TARGET_DRAIN_P95_RATIO)}.${earlier ? ` Earlier in this run, on the first server: p95 ${fixed(earlier.p95, 1)} ms.` : ""}${messaging.sentBefore > 0 ? ` **${messaging.sentBefore} messages were sent before the figure before was done: the hold was too short.**` : ""}`,
    `- Queueing a payment's message: a payment reads the message's context with the sale's lock (one statement, a function with a kept plan) and writes the message, the credit expiry's day read in, in the statement of its audit row (decision 043). ${queueing.count} cash payments with their message (the loan book's triggers on), beside ${queueing.count} without it (the sale locked without the context, the audit row alone), in alternating blocks of ten one after another on open accounts (after ${queueing.warmUp} of each not counted; ${queueing.queued} messages queued, then deleted). Each is timed whole, as \`recordCashPayment\` makes it for \`POST /api/v1/sales/record-cash-payment\` (its transaction, then the sale it answers with; not the HTTP around it): with the message p50 ${queueing.whole.withMessage.p50} ms, p99 ${queueing.whole.withMessage.p99} ms; without p50 ${queueing.whole.audit.p50} ms, p99 ${queueing.whole.audit.p99} ms. The message adds p99 ${fixed(added, 1)} ms (p50 ${fixed(queueing.whole.withMessage.p50 - queueing.whole.audit.p50, 1)} ms): ${fixed(share * 100, 1)} % of a cash payment's p99 without it; target ≤ ${TARGET_QUEUE_SHARE * 100} %: ${verdict(share <= TARGET_QUEUE_SHARE)}. The transaction alone: with the message p50 ${queueing.withMessage.p50} ms, p99 ${queueing.withMessage.p99} ms; without p50 ${queueing.audit.p50} ms, p99 ${queueing.audit.p99} ms; the message adds p99 ${fixed(addedInTransaction, 1)} ms (p50 ${fixed(queueing.withMessage.p50 - queueing.audit.p50, 1)} ms), ${fixed((addedInTransaction / queueing.audit.p99) * 100, 1)} % of the transaction's p99.`,
    "",
  ];
}

function bookLines(loads, book, portfolio) {
  if (!book || !portfolio) return [];
  const seconds = (ms) => fixed(ms / 1000, 1);
  const names = Object.keys(book.figures.whole).filter((name) => name !== "accounts");
  const sales = portfolio.single[0].ms;
  return [
    "## Loan book",
    "",
    `${book.accounts} installment accounts over 24 months with ${book.payments} payments (BENCH_ACCOUNTS changes the number), written in ${seconds(book.writeMs)} s. What the server's job does at a first start, timed in the seeder: opening missed accounts ${seconds(book.openMs)} s, back-filling month-end history ${seconds(book.backfillMs)} s (target ≤ 600 s: ${verdict(book.backfillMs <= 600_000)}), the daily roll of ${book.rolled} active accounts with every account's snapshot ${seconds(book.rollMs)} s (target ≤ 60 s: ${verdict(book.rollMs <= 60_000)}).`,
    "",
    "Each figure's query, one after another on a quiet database (ms), at a tenth of the book and at all of it:",
    "",
    `| figure | ${book.figures.tenth?.accounts ?? "?"} accounts | ${book.figures.whole.accounts} accounts | growth |`,
    "| --- | ---: | ---: | ---: |",
    ...names.map((name) => {
      const tenth = book.figures.tenth?.[name];
      const whole = book.figures.whole[name];
      return `| ${name} | ${tenth ?? "n/a"} | ${whole} | ${tenth ? `${fixed(whole / Math.max(1, tenth), 1)} ×` : "n/a"} |`;
    }),
    "",
    `Recording a payment (the payment's transaction: lock, insert, tokens, sale update, message and audit), 50 one after another in alternating blocks of ten after ten each way to warm up, the first two after each switch of the triggers not counted (a switch makes every statement on the table be planned again, which a running server never pays); the p99 of 50 is their slowest, so the comparison is made ${book.payments50.rounds ?? 1} times on accounts of its own and each figure is the median of the rounds': with the loan book's triggers p50 ${book.payments50.withLoanBook.p50} ms, p99 ${book.payments50.withLoanBook.p99} ms; with them switched off p50 ${book.payments50.withoutLoanBook.p50} ms, p99 ${book.payments50.withoutLoanBook.p99} ms (target: within 1.2 ×: ${verdict(book.payments50.withLoanBook.p99 <= 1.2 * book.payments50.withoutLoanBook.p99)}).`,
    `A contract action, a one-day delay's transaction (the account locked, its unpaid installments moved, a token minted, the account refreshed, its event and audit row), 50 in blocks of ten alternating with 50 cash payments on other accounts, after a block of each to warm up; the p99 of 50 is their slowest, so the comparison is made ${book.actions50.rounds ?? 1} times on accounts of its own and each figure is the median of the rounds': delay p50 ${book.actions50.delay.p50} ms, p99 ${book.actions50.delay.p99} ms; payment p50 ${book.actions50.payment.p50} ms, p99 ${book.actions50.payment.p99} ms (target: within 1.5 ×: ${verdict(book.actions50.delay.p99 <= 1.5 * book.actions50.payment.p99)}).`,
    "",
    `One request on a quiet server, server time as the client sees it, six seconds after the one before (past the read cache): the pages in turn, /sales/all among them, ${SINGLE_ROUNDS} rounds, each figure the median of its page's ${SINGLE_ROUNDS}; the dashboard's first request of the day once, before them (targets: the dashboard ≤ 2 × /sales/all, the account list and the collections worklist ≤ 1.5 ×):`,
    "",
    "| page | ms | × /sales/all |",
    "| --- | ---: | ---: |",
    ...portfolio.single.map(
      (row) => `| \`${row.path}\` | ${fixed(row.ms, 0)} | ${fixed(row.ms / sales, 2)} |`,
    ),
    "",
    `At ${CALM_CONNECTIONS} connections, in ${LOAD_ROUNDS} rounds of every page with /sales/all first: each page's p95 divided by its round's /sales/all p95 (the targets as above), the median round's figures shown:`,
    "",
    ...portfolio.loads.map(
      (load) =>
        `- ${load.path}: **${fixed(load.ratio, 2)} ×** (rounds ${load.ratios.map((ratio) => fixed(ratio, 2)).join(", ")}; p95 ${load.p95s.map((p95) => fixed(p95, 1)).join(", ")} ms); median round ${calmFigures(load)}`,
    ),
    "",
  ];
}

function report({
  startMs,
  built,
  loads,
  pages,
  feel,
  loadBefore,
  seedMs,
  stockSeedMs,
  deviceSeedMs,
  upload,
  sales,
  book,
  portfolio,
  messaging,
}) {
  const cpus = os.cpus();
  const lines = [
    "# Benchmark: what staff feel, latency under load, and page weight",
    "",
    `- When: ${new Date().toISOString()}; code: ${gitDescription()}${built ? " (built by this run)" : " (existing build/)"}`,
    `- Machine: ${cpus.length} × ${cpus[0]?.model?.trim() ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}`,
    `- Server: node build/server.js, NODE_ENV=production, ${process.env.BENCH_DATABASE_URL ? "PostgreSQL (BENCH_DATABASE_URL)" : "PGlite (embedded) in a temporary DATA_DIR"}, DEMO_DATA=1; ready after ${(startMs / 1000).toFixed(1)} s`,
    `- Machine load (1-min average) before the run: ${loadBefore.toFixed(1)}, after: ${os.loadavg()[0].toFixed(1)}${loadBefore > cpus.length ? " (busy machine: other work was competing for the cores, figures are low)" : ""}`,
    "",
    ...feelLines(feel),
    "## Latency under load",
    "",
    `autocannon from the same machine (it shares the cores with the server), ${DURATION} s per subject after a ${WARMUP} s warm-up. ${CALM_CONNECTIONS} connections stand for ten busy staff (each asks again the moment it is answered, so busier than ten people); ${CONNECTIONS} connections show where the server saturates. Percentiles from every response of the run.`,
    "",
    "| subject | what it does | connections | req/s | p50 ms | p95 ms | p99 ms | requests | non-2xx | errors |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...loads.map(
      (load) =>
        `| \`${load.path}\` ${load.label} | ${load.what} | ${load.connections} | ${fixed(load.rps)} | ${fixed(load.p50, 1)} | ${fixed(load.p95, 1)} | ${fixed(load.p99, 1)} | ${load.total} | ${load.non2xx} | ${load.errors + load.timeouts} |`,
    ),
    "",
    `- ${CUSTOMERS} customers were seeded before the start (${fixed(seedMs / 1000, 1)} s; BENCH_CUSTOMERS changes the number)`,
    ...stockReport(loads, stockSeedMs),
    ...deviceLines(loads, deviceSeedMs),
    "",
    ...uploadLines(upload),
    ...salesLines(loads, sales),
    ...bookLines(loads, book, portfolio),
    ...messageLines(messaging, loads),
    "## Initial JavaScript per page",
    "",
    `Every \`<script src>\`, \`<link rel="modulepreload">\` and inline module import under /assets/, each fetched once and gzipped with zlib at its default level (6). 1 KB = 1024 bytes. Target: ≤ ${TARGET_JS_KB} KB gzip per page.`,
    "",
    "| page | files | raw KB | gzip KB | target | inline JS in the HTML, gzip KB (not counted) |",
    "| --- | ---: | ---: | ---: | --- | ---: |",
    ...pages.map(
      (page) =>
        `| \`${page.path}\` ${page.label} | ${page.files.length} | ${kb(page.raw)} | ${kb(page.gzip)} | ${verdict(page.gzip <= TARGET_JS_KB * 1024)} (≤ ${TARGET_JS_KB}) | ${kb(page.inlineGzip)} |`,
    ),
    "",
    ...routeWeightLines(everyRouteWeight()),
    ...pages.flatMap((page) => [
      `<details><summary>${page.path} files</summary>`,
      "",
      "| file | raw bytes | gzip bytes |",
      "| --- | ---: | ---: |",
      ...page.files.map((file) => `| ${file.url} | ${file.raw} | ${file.gzip} |`),
      "",
      "</details>",
      "",
    ]),
    "Figures, not a pass/fail test (ARCHITECTURE.md §5).",
  ];
  return lines.join("\n") + "\n";
}

function routeWeightLines(routes) {
  const over = routes.filter((route) => route.gzip > TARGET_JS_KB * 1024);
  return [
    `Every route of the build (${routes.length}), from its Remix manifest: the entry's files and each matched route's files and their imports, gzipped the same way. ${over.length === 0 ? "Every one meets the target" : `${over.length} over the target: **misses**`}; the most files on a page ${Math.max(...routes.map((route) => route.files))}. The heaviest five:`,
    "",
    "| route | files | gzip KB | target |",
    "| --- | ---: | ---: | --- |",
    ...routes
      .slice(0, 5)
      .map(
        (route) =>
          `| \`${route.id}\` | ${route.files} | ${kb(route.gzip)} | ${verdict(route.gzip <= TARGET_JS_KB * 1024)} |`,
      ),
    "",
  ];
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const built = ensureBuilt();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const seedMs = CUSTOMERS > 0 ? seedCustomers(CUSTOMERS) : 0;
  const stockSeedMs = PRODUCTS > 0 ? seedStock() : 0;
  const deviceSeedMs = DEVICES > 0 ? seedDevices(DEVICES) : 0;
  const salesSeed = SALES > 0 ? seedSales(SALES) : null;
  const port = await freePort();
  log(`starting the server on ${HOST}:${port}`);
  const { base, startMs } = await startServer(port);
  log(`ready after ${(startMs / 1000).toFixed(1)} s; signing in as ${ADMIN.email}`);
  const cookie = await signIn(base);
  const token = await apiToken(base);
  // First, while the server is fresh: its memory before the upload is what a quiet server holds.
  const upload = await measureDeviceUpload(base, token);
  await settle(base);
  let sales = null;
  if (salesSeed) {
    const saleUpload = await measureSaleUpload(base, token, salesSeed.seeded);
    await settle(base);
    const exported = await measureSaleExport(base, token);
    await settle(base);
    const creation = await measureSaleCreation(base, token, salesSeed.seeded);
    sales = { seedMs: salesSeed.ms, upload: saleUpload, exported, creation };
  }

  const lastPage = Math.max(1, Math.ceil(CUSTOMERS / 20)); // the list shows 20 customers a page
  // Seeded, so runs draw from the same sequence; how far each phase gets into it depends on its speed.
  const random = seededRandom(20_261_122);
  const subjects = [
    {
      path: TRIVIAL_PAGE,
      label: "(trivial page)",
      what: "the 404 page: root loader + static component, no backend call",
      headers: {},
    },
    {
      path: "/healthz",
      label: "(resource route)",
      what: "resource route, 1 DB query, no render",
      headers: {},
    },
    { path: "/login", label: "signed out", what: "document render, no backend call", headers: {} },
    { path: "/home", label: "signed in", what: "frame + dashboard, backend calls", headers: { cookie } },
    {
      path: "/customers/all?page=500",
      label: "signed in",
      what: `customer list page 500 of ${CUSTOMERS} rows: stats + page + count`,
      headers: { cookie },
    },
    {
      path: "/customers/all?search=ngozi",
      label: "signed in",
      what: "customer search (trigram index): stats + first page + count",
      headers: { cookie },
    },
    // The two above ask for one URL again and again, which the read cache answers after the first time
    // (docs/decisions/008). These two ask for a different one each time: what a page costs uncached.
    {
      path: `/customers/all?page=(random 1–${lastPage})`,
      url: "/customers/all",
      nextPath: () => `/customers/all?page=${1 + Math.floor(random() * lastPage)}`,
      label: "signed in",
      what: "a different list page each request: stats cached, page from the database",
      headers: { cookie },
    },
    {
      path: "/customers/all?search=(random 5 digits)",
      url: "/customers/all",
      nextPath: () => `/customers/all?search=${String(Math.floor(random() * 100_000)).padStart(5, "0")}`,
      label: "signed in",
      what: "a different phone search each request: count + first page from the database",
      headers: { cookie },
    },
  ];
  const loads = [];
  for (const subject of subjects) {
    loads.push(await measureThroughput(base, subject));
    await settle(base);
  }
  // The same list subjects with fewer connections: their latency when the machine is not saturated.
  for (const subject of subjects.filter((s) => s.path.startsWith("/customers"))) {
    loads.push(await measureThroughput(base, subject, CALM_CONNECTIONS));
    await settle(base);
  }
  if (PRODUCTS > 0) {
    const { authorization, warehouseId } = await apiAccess(base);
    const productPages = Math.max(1, Math.ceil(PRODUCTS / 20));
    const page = (pagePath, what) => ({
      path: pagePath,
      label: "signed in",
      what,
      headers: { cookie },
      stock: true,
    });
    const api = (apiPath, what) => ({
      path: apiPath,
      label: "API",
      what,
      headers: { authorization },
      stock: true,
    });
    const stockSubjects = [
      page("/products/all", "product list, first page: price ranges and units from SQL aggregates"),
      page(`/products/all?search=${STOCK_SEARCH}`, "product search (trigram index)"),
      page(`/inventory/all?warehouseId=${warehouseId}`, "one warehouse's inventory: quantities within it"),
      api("/api/v1/products?page=1&limit=20", "GET /products page 1: page + price ranges"),
      api(`/api/v1/products?search=${STOCK_SEARCH}&limit=20`, "GET /products?search: trigram search"),
      api(
        `/api/v1/inventory?warehouseId=${warehouseId}&limit=20`,
        "GET /inventory?warehouseId: page + stock",
      ),
      // The three above are answered from the read cache after their first request (as the customer
      // list, decision 008); a different page each time shows what a page costs uncached.
      {
        ...api(
          `/api/v1/products?page=(random 1–${productPages})`,
          "GET /products, a different page each request: page + price ranges from the database",
        ),
        url: "/api/v1/products",
        nextPath: () => `/api/v1/products?page=${1 + Math.floor(random() * productPages)}&limit=20`,
      },
    ];
    for (const subject of stockSubjects) {
      loads.push(await measureThroughput(base, subject, CALM_CONNECTIONS));
      await settle(base);
    }
  }
  // The device search at 10 connections.
  const deviceSubjects = [
    {
      path: `/devices/all?search=${DEVICE_SEARCH}`,
      label: "signed in",
      what: `device screen search over ${DEVICES} devices`,
      headers: { cookie },
      device: true,
    },
    {
      path: `/api/v1/device?search=${DEVICE_SEARCH}`,
      label: "API, bearer",
      what: "device search (trigram index): one URL, answered from the read cache after the first request",
      headers: { authorization: `Bearer ${token}` },
      device: true,
    },
    {
      path: "/api/v1/device?search=(random 6 digits)",
      url: "/api/v1/device",
      nextPath: () => `/api/v1/device?search=${String(Math.floor(random() * 1_000_000)).padStart(6, "0")}`,
      label: "API, bearer",
      what: "a different serial fragment each request: first page from the database (a short page needs no count)",
      headers: { authorization: `Bearer ${token}` },
      device: true,
    },
  ];
  for (const subject of deviceSubjects) {
    loads.push(await measureThroughput(base, subject, CALM_CONNECTIONS));
    await settle(base);
  }
  if (salesSeed) {
    // The sales list at 10 connections.
    const deepPage = Math.max(1, Math.floor((SALES + SALE_UPLOAD_ROWS) / 40));
    const salePage = (pagePath, what) => ({
      path: pagePath,
      label: "signed in",
      what,
      headers: { cookie },
      sale: true,
    });
    const saleApi = (apiPath, what) => ({
      path: apiPath,
      label: "API, bearer",
      what,
      headers: { authorization: `Bearer ${token}` },
      sale: true,
    });
    const saleSubjects = [
      salePage("/sales/all", "sales list, first page: stats + page + count"),
      salePage(`/sales/all?page=${deepPage}`, `sales list page ${deepPage}: the middle of the list`),
      salePage("/sales/installment", "the In Installment tab: a status filter"),
      saleApi("/api/v1/sales/list?page=1&limit=20", "GET /sales/list page 1"),
      saleApi(`/api/v1/sales/list?page=${deepPage}&limit=20`, `GET /sales/list page ${deepPage}`),
      saleApi("/api/v1/sales/list?tab=installment&limit=20", "GET /sales/list?tab=installment"),
    ];
    for (const subject of saleSubjects) {
      loads.push(await measureThroughput(base, subject, CALM_CONNECTIONS));
      await settle(base);
    }
  }
  const portfolio = salesSeed?.seeded.book ? await measurePortfolio(base, cookie, token, loads) : null;
  // The pages staff open most, each as a first visit on a slow network, with what JavaScript it loads.
  const saleId = await firstSaleId(base, token);
  const keyPages = [
    { path: "/login", label: "signed out", content: "main h1", signedIn: false },
    { path: "/home", label: "signed in", content: "main h1" },
    { path: "/customers/all", label: "signed in", content: "main table tbody tr" },
    { path: "/sales/all", label: "signed in", content: "main table tbody tr" },
    ...(saleId ? [{ path: `/sales/${saleId}`, label: "signed in", content: "main h1" }] : []),
    { path: "/inventory/all", label: "signed in", content: "main table tbody tr" },
    ...(portfolio ? [{ path: "/portfolio", label: "signed in", content: "main h1" }] : []),
    { path: "/sales/all/new", label: "signed in", content: "[role=dialog] h2" },
    // The wizard's steps carry the most code of any page: the list, the drawer and the step's modal.
    {
      path: `/sales/all/new/${await newDraftId(base, token)}/products`,
      label: "signed in",
      content: "[role=dialog] h2",
    },
  ].map((subject) => ({
    signedIn: true,
    ...subject,
    headers: subject.signedIn === false ? {} : { cookie },
  }));
  const pages = [];
  for (const subject of keyPages) pages.push(await measurePageWeight(base, subject));
  const feel = await measureFeel(
    base,
    cookie,
    pages.map((page) => ({ ...page, weight: page })),
  );
  // Last: it restarts the server, and leaves the outbox with what it sent.
  const messaging = salesSeed?.seeded.book ? await measureMessages(startMs) : null;

  const markdown = report({
    startMs,
    built,
    loads,
    pages,
    feel,
    loadBefore,
    seedMs,
    stockSeedMs,
    deviceSeedMs,
    upload,
    sales,
    book: salesSeed?.seeded.book ?? null,
    portfolio,
    messaging,
  });
  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "latest.md"), markdown);
  console.log(markdown);
  log(`written to ${path.relative(process.cwd(), path.join(outDir, "latest.md"))}`);
}

try {
  await main();
} catch (error) {
  console.error(`[bench] FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await stopServer();
  clearTimeout(watchdog);
}
