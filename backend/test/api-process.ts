import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";

/** An API server in a process of its own (`backend/server.ts`), as ops run several behind a load balancer. */
export interface ApiProcess {
  base: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Starts the process; `ready` false answers as soon as it was spawned (to start several at one moment). */
export async function startApiProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  { ready = true }: { ready?: boolean } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "backend/server.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_DATA: "0",
      NODE_ENV: "test",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const started: ApiProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => printed,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (ready) await whenReady(started);
  return started;
}

export async function whenReady(started: ApiProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) {
      throw new Error(`the API process exited (${started.child.exitCode}):\n${started.output()}`);
    }
    try {
      if ((await fetch(`${started.base}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  started.child.kill("SIGKILL");
  throw new Error(`the API process did not start:\n${started.output()}`);
}
