import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";

/**
 * `npm run serve` as a process supervisor runs it: SIGTERM to npm must stop the server itself
 * (npm forwards the signal to the child it exec'd) and free the port, instead of leaving node running.
 * Runs in the js-off project only (playwright.config.ts): it needs the build, not a browser.
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

async function waitForHealth(url: string, npm: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (npm.exitCode !== null) throw new Error(`npm exited during start:\n${output()}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within 60 s:\n${output()}`);
}

test("SIGTERM to `npm run serve` stops the server and frees its port", async () => {
  test.setTimeout(120_000);
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
    SESSION_SECRET: "server-process-test-secret",
  });
  const npm = spawn("npm", ["run", "--silent", "serve"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout.on("data", (chunk: Buffer) => (output += chunk));
  npm.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const npmExit = new Promise<number | string | null>((resolve) =>
    npm.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  let serverPid: number | undefined;
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, npm, () => output);
    // node itself, not a shell that may stand between npm and it (the bug this test guards against).
    serverPid = descendants(npm.pid!).find((process) =>
      /^\S*node build\/server\.js/.test(process.command),
    )?.pid;
    expect(serverPid, `no server process below npm:\n${JSON.stringify(descendants(npm.pid!))}`).toBeDefined();

    const sent = Date.now();
    process.kill(npm.pid!, "SIGTERM");
    const code = await Promise.race([
      npmExit,
      new Promise((resolve) => setTimeout(() => resolve("running"), 10_000)),
    ]);
    expect(code, `npm did not exit with 0 within 10 s of SIGTERM:\n${output}`).toBe(0);
    await expect
      .poll(() => isAlive(serverPid!), { timeout: Math.max(10_000 - (Date.now() - sent), 500) })
      .toBe(false);
    expect(await portAccepts(port)).toBe(false);
    expect(output).toContain("SIGTERM: stopping");
  } finally {
    // Only what this test started, and only if it is still there.
    if (serverPid && isAlive(serverPid)) process.kill(serverPid, "SIGKILL");
    if (npm.exitCode === null && npm.signalCode === null) npm.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
