import type { Server } from "node:http";

export const DRAIN_MS = 1_000;
// A hanging stop (a stuck database close) must not outlive docker stop's grace period.
export const HARD_EXIT_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function stopOnSignals(server: Server, closeResources: () => Promise<void>) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: stopping`);
    setTimeout(() => {
      console.error(`Still stopping after ${HARD_EXIT_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, HARD_EXIT_MS).unref();
    // close() also drops idle keep-alive connections; its callback waits for busy ones to end.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.race([drained, pause(DRAIN_MS)]);
    server.closeAllConnections();
    try {
      await closeResources();
    } catch (error) {
      console.error(error);
    }
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop(signal));
}
