import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";

/**
 * The built server as a process, on its own port and throwaway database. Runs in the js-off project
 * only (playwright.config.ts): it needs the build, not a browser.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Every live process below `pid`, read from /proc (Linux). */
function descendants(pid: number): { pid: number; command: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name in parentheses may hold spaces: the parent pid is the 2nd field after it.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while being listed.
    }
  }
  const found: { pid: number; command: string }[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      let command = "";
      try {
        command = fs.readFileSync(`/proc/${child}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      } catch {
        continue;
      }
      found.push({ pid: child, command });
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Starts `command` with the production settings of a fresh install; `stop()` cleans up after it. */
async function launch(command: string[], extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "server-process-"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "API_BASE_URL", "ADMIN_EMAIL", "ADMIN_PASSWORD", "MAIL_OUTBOX_DIR"]) {
    delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: "0",
    PAYMENT_SANDBOX: "1",
    EMBEDDED_DATABASE: "1",
    SESSION_SECRET: "server-process-test-secret",
    APP_URL: `http://127.0.0.1:${port}`,
    ...extraEnv,
  });
  const [program, ...args] = command;
  const child = spawn(program, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exit = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let healthy = false;
  while (!healthy && Date.now() < deadline && child.exitCode === null) {
    healthy = await fetch(`${base}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const extraPids: number[] = [];
  return {
    child,
    port,
    base,
    dataDir,
    healthy,
    exit,
    output: () => output,
    /** Another process this test started (the server below npm), killed by cleanUp if still there. */
    adopt: (pid: number) => extraPids.push(pid),
    cleanUp() {
      for (const pid of extraPids) if (isAlive(pid)) process.kill(pid, "SIGKILL");
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"running">((resolve) => setTimeout(() => resolve("running"), ms))]);

const NPM_SERVERS = [
  { script: "serve", entry: "build/server.js", stopping: "SIGTERM: stopping" },
  { script: "start:api", entry: "build/api/server.js", stopping: "SIGTERM: stopping" },
];

for (const { script, entry, stopping } of NPM_SERVERS) {
  test(`SIGTERM to \`npm run ${script}\` stops the server and frees its port`, async () => {
    // What a process supervisor does: npm must pass the signal to node (which the script exec's) and
    // node must stop, instead of npm ending and leaving node on the port.
    test.setTimeout(120_000);
    const npm = await launch(["npm", "run", "--silent", script]);
    try {
      expect(npm.healthy, `npm run ${script} did not become healthy:\n${npm.output()}`).toBe(true);
      // node itself, not a shell that may stand between npm and it (the bug this test guards against).
      const serverPid = descendants(npm.child.pid!).find((process) => {
        const [program, file] = process.command.split(" ");
        return program.endsWith("node") && file === entry;
      })?.pid;
      expect(
        serverPid,
        `no server process below npm:\n${JSON.stringify(descendants(npm.child.pid!))}`,
      ).toBeDefined();
      npm.adopt(serverPid!);

      const sent = Date.now();
      process.kill(npm.child.pid!, "SIGTERM");
      expect(
        await within(npm.exit, 10_000),
        `npm did not exit with 0 within 10 s of SIGTERM:\n${npm.output()}`,
      ).toBe(0);
      await expect
        .poll(() => isAlive(serverPid!), { timeout: Math.max(10_000 - (Date.now() - sent), 500) })
        .toBe(false);
      expect(await portAccepts(npm.port)).toBe(false);
      expect(npm.output()).toContain(stopping);
    } finally {
      npm.cleanUp();
    }
  });
}

for (const entry of ["build/server.js", "build/api/server.js"]) {
  test(`\`node ${entry}\` in production without APP_URL refuses to start, saying why`, async () => {
    test.setTimeout(120_000);
    const server = await launch(["node", entry], { APP_URL: "" });
    try {
      expect(server.healthy).toBe(false);
      expect(await within(server.exit, 10_000)).toBe(1);
      expect(server.output()).toContain("APP_URL: production needs the address staff open the app at");
    } finally {
      server.cleanUp();
    }
  });

  test(`\`node ${entry}\` in production without a chosen database refuses to start, saying why`, async () => {
    test.setTimeout(120_000);
    // Several instances must never each open an embedded database of their own by accident.
    const server = await launch(["node", entry], { EMBEDDED_DATABASE: "" });
    try {
      expect(server.healthy).toBe(false);
      expect(await within(server.exit, 10_000)).toBe(1);
      expect(server.output()).toContain(
        "DATABASE_URL: production needs DATABASE_URL (postgres://…, the database every instance shares), or " +
          "EMBEDDED_DATABASE=1",
      );
    } finally {
      server.cleanUp();
    }
  });

  test(`\`node ${entry}\` in production without Flutterwave keys refuses to start unless PAYMENT_SANDBOX=1`, async () => {
    test.setTimeout(120_000);
    // The sandbox completes any checkout (and unlocks devices): forgetting the keys must not fall back to it.
    const server = await launch(["node", entry], { PAYMENT_SANDBOX: "" });
    try {
      expect(server.healthy).toBe(false);
      expect(await within(server.exit, 10_000)).toBe(1);
      expect(server.output()).toContain(
        "PAYMENT_SANDBOX: production needs FLW_PUBLIC_KEY, FLW_SECRET_KEY and FLW_WEBHOOK_HASH for real " +
          "payments, or PAYMENT_SANDBOX=1",
      );
    } finally {
      server.cleanUp();
    }
  });
}

test("the audit log records the real client address, not the X-Forwarded-For a browser made up", async () => {
  test.setTimeout(120_000);
  const admin = { email: "process-admin@example.com", password: "Process-admin-1234" };
  const server = await launch(["node", "build/server.js"], {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  try {
    expect(server.healthy, `the server did not become healthy:\n${server.output()}`).toBe(true);
    const signIn = await fetch(`${server.base}/?index`, {
      method: "POST",
      headers: { "X-Forwarded-For": "203.0.113.77" },
      body: new URLSearchParams({ intent: "login", redirectTo: "/home", ...admin }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    server.child.kill("SIGTERM");
    expect(await within(server.exit, 10_000)).toBe(0);
    // The server has closed its database, so it can be read directly.
    const db = new PGlite(path.join(server.dataDir, "pglite"));
    try {
      const { rows } = await db.query<{ ip: string | null }>(
        "select ip from audit_log where action = 'login'",
      );
      expect(rows).toEqual([{ ip: "127.0.0.1" }]);
    } finally {
      await db.close();
    }
  } finally {
    server.cleanUp();
  }
});

for (const entry of ["build/server.js", "build/api/server.js"]) {
  test(`\`node ${entry}\` reads a batch file in its parsing worker`, async () => {
    // The worker starts from a bundle of its own beside the server's (package.json's build scripts).
    test.setTimeout(120_000);
    const admin = { email: "worker-admin@example.com", password: "Worker-admin-1234" };
    const server = await launch(["node", entry], {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    try {
      expect(server.healthy, `the server did not become healthy:\n${server.output()}`).toBe(true);
      const signIn = await fetch(`${server.base}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(admin),
      });
      expect(signIn.status).toBe(200);
      const form = new FormData();
      form.set(
        "file",
        new Blob(["Serial Number,Key,Starting Code\nWORKER-1,00112233445566778899aabbccddeeff,123456789\n"]),
        "d.csv",
      );
      const upload = await fetch(`${server.base}/api/v1/device/batch-upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${signIn.headers.get("access_token")}` },
        body: form,
      });
      expect(upload.status, `${await upload.clone().text()}\n${server.output()}`).toBe(201);
      expect(await upload.json()).toEqual({ message: "Devices uploaded successfully!", count: 1 });
    } finally {
      server.child.kill("SIGTERM");
      await within(server.exit, 10_000);
      server.cleanUp();
    }
  });
}
