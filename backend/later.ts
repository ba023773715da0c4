import { log } from "./log";
/** Shutting down waits for what is still running, so none of it is cut off halfway. */
export interface LaterWork {
  run(what: string, task: () => Promise<void>): void;
  settled(): Promise<void>;
}

export function createLaterWork(): LaterWork {
  const running = new Set<Promise<void>>();
  return {
    run(what, task) {
      const promise: Promise<void> = task()
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
