import { Worker } from "node:worker_threads";
import type { ReadFileResult, SheetLayout, SpreadsheetKind } from "./spreadsheet-rows";
import type { ParseRequest } from "./spreadsheet-worker";

// Parsing a sheet is synchronous and would hold every other request of the process, so batch files are read
// in a worker, one at a time; a read past its time or memory limit ends the worker and is refused.

export const READ_TOO_SLOW = "The file took too long to read as a spreadsheet";
export const READ_TOO_LARGE = "The file is too large to read as a spreadsheet";

export interface SpreadsheetReaderOptions {
  /** The worker's start included. */
  timeLimitMs?: number;
  idleMs?: number;
  maxHeapMb?: number;
}

interface Job {
  request: ParseRequest;
  resolve(result: ReadFileResult): void;
  reject(error: unknown): void;
}

// From a bundle, the spreadsheet-worker.js beside it; from the sources (vitest, tsx), a loader through tsx.
function startWorker(maxHeapMb: number): Worker {
  const fromSources = import.meta.url.endsWith(".ts");
  const entry = new URL(
    fromSources ? "./spreadsheet-worker.dev.mjs" : "./spreadsheet-worker.js",
    import.meta.url,
  );
  return new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
}

export function createSpreadsheetReader({
  timeLimitMs = 60_000,
  idleMs = 60_000,
  maxHeapMb = 1024,
}: SpreadsheetReaderOptions = {}) {
  let worker: Worker | null = null;
  let current: Job | null = null;
  let deadline: NodeJS.Timeout | undefined;
  let idle: NodeJS.Timeout | undefined;
  const waiting: Job[] = [];

  function stopWorker() {
    const stopping = worker;
    worker = null;
    clearTimeout(idle);
    if (stopping) void stopping.terminate();
  }

  function finish(settle: (job: Job) => void) {
    clearTimeout(deadline);
    const job = current;
    current = null;
    if (job) settle(job);
    next();
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const started = startWorker(maxHeapMb);
    worker = started;
    // An idle worker must not keep the process alive; a file being read keeps it through its deadline.
    started.unref();
    started.on("message", (result: ReadFileResult) => {
      if (worker === started) finish((job) => job.resolve(result));
    });
    started.on("error", (error: Error & { code?: string }) => {
      if (worker !== started) return;
      worker = null;
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        finish((job) => job.resolve({ ok: false, fileError: READ_TOO_LARGE }));
      } else {
        finish((job) => job.reject(error));
      }
    });
    started.on("exit", (code) => {
      if (worker !== started) return;
      worker = null;
      finish((job) => job.reject(new Error(`The spreadsheet worker stopped (exit code ${code})`)));
    });
    return started;
  }

  function next() {
    if (current) return;
    const job = waiting.shift();
    if (!job) {
      clearTimeout(idle);
      if (worker) idle = setTimeout(stopWorker, idleMs).unref();
      return;
    }
    clearTimeout(idle);
    current = job;
    deadline = setTimeout(() => {
      stopWorker();
      finish((timedOut) => timedOut.resolve({ ok: false, fileError: READ_TOO_SLOW }));
    }, timeLimitMs);
    try {
      ensureWorker().postMessage(job.request);
    } catch (error) {
      stopWorker();
      finish((failed) => failed.reject(error));
    }
  }

  return {
    /** Refusals come as results, failures of the worker as errors. */
    read<Field extends string>(
      kind: SpreadsheetKind,
      bytes: Uint8Array,
      layout: SheetLayout<Field>,
    ): Promise<ReadFileResult<Field>> {
      return new Promise((resolve, reject) => {
        waiting.push({
          request: { kind, bytes, layout },
          resolve: resolve as (result: ReadFileResult) => void,
          reject,
        });
        next();
      });
    },
    close: stopWorker,
  };
}

const shared = createSpreadsheetReader();

export function readSpreadsheetRows<Field extends string>(
  kind: SpreadsheetKind,
  bytes: Uint8Array,
  layout: SheetLayout<Field>,
): Promise<ReadFileResult<Field>> {
  return shared.read(kind, bytes, layout);
}
