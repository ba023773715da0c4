import type { BackendConfig } from "./config";
import type { AppDb } from "./db/client";
import { loanBookRound } from "./services/loan-book";
import { cancelStaleSales, deleteExpiredDrafts, deleteExpiredUploads } from "./services/sales";

export const JOB_INTERVAL_MS = 5 * 60_000;

// Several processes on one PostgreSQL may all run it: sale-expiry.ts claims each sale once.
export function startHousekeeping(db: AppDb, config: Pick<BackendConfig, "saleHoldHours">) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= (async () => {
      try {
        const cancelled = await cancelStaleSales(db, config.saleHoldHours);
        if (cancelled.length) console.info(`Cancelled ${cancelled.length} unpaid sale(s) past the hold time`);
        await deleteExpiredDrafts(db);
        await deleteExpiredUploads(db);
        // Opens accounts missing from the loan book, rolls it once a day, back-fills month ends.
        await loanBookRound(db);
      } catch (error) {
        // A database hiccup must not stop the server; the next round tries again.
        console.warn(
          `Housekeeping did not finish: ${error instanceof Error ? error.message : String(error)}`,
        );
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(run, JOB_INTERVAL_MS);
  timer.unref();
  void run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
