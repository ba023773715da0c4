// `npm run scale-check`: a read/write mix against one API process, then two, behind a small round-robin
// proxy, all on 127.0.0.1 and one PostgreSQL database made for the run (and dropped after it).
//
//   SCALE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run scale-check
//
// Each connection repeats: four reads of the customer list (a page, a search that the new customers do not
// match, so the reads cost the same as the table grows) and one new customer.
// The proxy times every request from its arrival to the end of the answer, so p95 is exact. Figures go
// to bench-results/scale-check.md. SCALE_SECONDS (20) per phase, SCALE_CONNECTIONS (10).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_URL = process.env.SCALE_DATABASE_URL;
const SECONDS = Number(process.env.SCALE_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 10);
const HOST = "127.0.0.1";
const ADMIN = { email: "admin@scale.test", password: "Scale-check-42" };

if (!SERVER_URL) {
  console.error("Set SCALE_DATABASE_URL to a PostgreSQL server (a database is made for the run and dropped)");
  process.exit(1);
}

const log = (line) => console.info(`[scale-check] ${line}`);

async function onServer(statement) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function startApi(databaseUrl, name) {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/api/server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      APP_URL: `http://${HOST}:${port}`,
      PAYMENT_SANDBOX: "1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      INSTANCE_ID: name,
      LOG_LEVEL: "warn",
      ...(process.env.SCALE_READ_CACHE_MS && { READ_CACHE_MS: process.env.SCALE_READ_CACHE_MS }),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, port, child };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`${name} did not start`);
}

/** Round-robin over `targets`; records each request's time from arrival to the answer's end. */
async function startProxy() {
  const state = { targets: [], next: 0, durations: [], statuses: new Map() };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const target = state.targets[state.next++ % state.targets.length];
    const upstream = http.request(
      { host: HOST, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on("end", () => {
          state.durations.push(performance.now() - started);
          const status = answer.statusCode ?? 0;
          state.statuses.set(status, (state.statuses.get(status) ?? 0) + 1);
        });
      },
    );
    upstream.on("error", () => {
      res.writeHead(502).end();
      state.statuses.set(502, (state.statuses.get(502) ?? 0) + 1);
    });
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, HOST, resolve));
  return {
    state,
    base: `http://${HOST}:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function signIn(base) {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers.get("access_token");
}

// Across phases: each new customer needs a phone number and an e-mail address of its own.
let made = 0;

async function phase(proxy, token, label) {
  proxy.state.durations = [];
  proxy.state.statuses = new Map();
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const read = (pathname) => ({ method: "GET", path: pathname, headers });
  const result = await autocannon({
    url: proxy.base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      read("/api/v1/customers"),
      read("/api/v1/customers?search=okonkwo"),
      read("/api/v1/customers?page=2"),
      read("/api/v1/customers/stats"),
      {
        method: "POST",
        path: "/api/v1/customers/create",
        headers,
        setupRequest: (request) => {
          made += 1;
          const unique = `${process.pid}${made}${randomBytes(2).toString("hex")}`;
          return {
            ...request,
            body: JSON.stringify({
              firstname: "Load",
              lastname: `Load ${made}`,
              email: `load-${unique}@scale.test`,
              phone: `080${String(10_000_000 + ((made * 7919) % 89_999_999)).padStart(8, "0")}`,
              location: "Ikeja",
            }),
          };
        },
      },
    ],
  });
  const sorted = [...proxy.state.durations].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const figures = {
    label,
    requests: sorted.length,
    perSecond: sorted.length / SECONDS,
    p50: at(0.5),
    p95: at(0.95),
    statuses: Object.fromEntries([...proxy.state.statuses.entries()].sort()),
    errors: result.errors + result.timeouts,
  };
  log(
    `${label}: ${figures.perSecond.toFixed(0)} req/s, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, statuses ${JSON.stringify(figures.statuses)}`,
  );
  return figures;
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build/api/server.js"))) {
    log("building the API (npm run build:api)");
    const built = spawnSync("npm", ["run", "build:api"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) process.exit(1);
  }
  const name = `scale_${randomBytes(6).toString("hex")}`;
  await onServer(`create database "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const processes = [];
  let proxy;
  try {
    processes.push(await startApi(url.toString(), "one"));
    proxy = await startProxy();
    proxy.state.targets = [processes[0]];
    const token = await signIn(proxy.base);
    await phase(proxy, token, "warm-up");
    const one = await phase(proxy, token, "one process");
    processes.push(await startApi(url.toString(), "two"));
    proxy.state.targets = processes;
    await phase(proxy, token, "warm-up of the second");
    const two = await phase(proxy, token, "two processes");

    const row = (f) =>
      `| ${f.label} | ${f.perSecond.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.requests} | ${Object.entries(
        f.statuses,
      )
        .map(([status, n]) => `${status}: ${n}`)
        .join(", ")} |`;
    const report = [
      "# Scale check: one API process, then two, on one PostgreSQL",
      "",
      `Run ${new Date().toISOString()} on ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}.`,
      `${CONNECTIONS} connections for ${SECONDS} s per phase through a round-robin proxy on 127.0.0.1; each`,
      "connection repeats four reads of the customer list (first page, a search, page 2, the stats) and",
      "one new customer. Times are the proxy's, from a request's arrival to the end of its answer.",
      "",
      "| phase | requests/s | p50 ms | p95 ms | requests | statuses |",
      "| --- | ---: | ---: | ---: | ---: | --- |",
      row(one),
      row(two),
      "",
      "The database server, the proxy, the load generator and the processes share the same machine: two",
      "processes can only gain what the cores left over by the others allow.",
      "",
    ].join("\n");
    fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
    fs.writeFileSync(path.join(ROOT, "bench-results/scale-check.md"), report);
    log("written to bench-results/scale-check.md");
  } finally {
    await proxy?.close();
    for (const started of processes) started.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await onServer(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
