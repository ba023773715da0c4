import { sql } from "drizzle-orm";
import { z } from "zod";
import type { BackendConfig } from "./config";
import type { AppDb, DatabaseHandle } from "./db/client";
import { queryRows } from "./db/query-rows";
import { lagosDate } from "./schemas/dates";
import { loanBookRound } from "./services/loan-book";
import { cancelStaleSales, deleteExpiredDrafts, deleteExpiredUploads } from "./services/sales";
import { queueReminders } from "./services/messaging/reminders";
import { sendQueuedMessages } from "./services/messaging/worker";
import type { Senders } from "./services/messaging/worker";
import { log } from "./log";
import { metrics } from "./metrics";

/** A job's steps get the round's start on the database's clock, the same in every process. */
type Step = (db: AppDb, now: Date, stopping: () => boolean) => Promise<Record<string, number>>;

export interface JobRunner {
  /** Runs one round now if this process wins it; answers whether it ran (tests, and the first start). */
  runRound(): Promise<boolean>;
  stop(): Promise<void>;
}

const ClaimRow = z.object({ now_ms: z.coerce.number(), slot: z.string() });

/**
 * Runs `steps` once per `intervalMs` slot across every process on the database (decision 042): the first
 * process to insert the slot's `job_rounds` row does the work, on a connection holding the job's advisory
 * lock (so a long round never overlaps the next); the others skip it. Shutdown waits for the step under way,
 * and the steps see `stopping()` to end early.
 */
export function startJob(
  database: DatabaseHandle,
  options: { name: string; intervalMs: number; instance: string; steps: Record<string, Step> },
): JobRunner {
  const { name, intervalMs, instance, steps } = options;
  let stopped = false;
  let running: Promise<boolean> | null = null;

  const round = async (): Promise<boolean> => {
    const outcome = await database.alone(
      `job:${name}`,
      async (db) => {
        const [claim] = await queryRows(
          db,
          sql`insert into job_rounds (job, round_start, instance, started_at)
            values (${name}, to_timestamp(floor(extract(epoch from now()) * 1000 / ${intervalMs}) * ${intervalMs} / 1000.0),
              ${instance}, now())
            on conflict do nothing
            returning (extract(epoch from now()) * 1000)::float8 as now_ms, round_start::text as slot`,
          ClaimRow,
        );
        if (!claim) {
          metrics.jobRounds.inc({ job: name, outcome: "skipped" });
          return false;
        }
        const now = new Date(claim.now_ms);
        const started = Date.now();
        const work: Record<string, number | string> = {};
        try {
          for (const [stepName, step] of Object.entries(steps)) {
            if (stopped) break;
            for (const [key, value] of Object.entries(await step(db, now, () => stopped))) {
              work[`${stepName}.${key}`] = value;
              metrics.jobWork.inc({ job: name, work: `${stepName}.${key}` }, value);
            }
          }
        } catch (error) {
          work.error = error instanceof Error ? error.message : String(error);
          metrics.jobRounds.inc({ job: name, outcome: "failed" });
          throw error;
        } finally {
          await db
            .execute(
              sql`update job_rounds set finished_at = now(), duration_ms = ${Date.now() - started},
                work = ${JSON.stringify(work)}::jsonb
              where job = ${name} and round_start = ${claim.slot}::timestamptz`,
            )
            .catch(() => undefined);
        }
        metrics.jobRounds.inc({ job: name, outcome: "ran" });
        return true;
      },
      { wait: false },
    );
    // Another process holds the job's lock: its round is still running.
    if (!outcome.ran) metrics.jobRounds.inc({ job: name, outcome: "skipped" });
    return outcome.ran && outcome.value;
  };

  const runRound = () => {
    running ??= round()
      .catch((error: unknown) => {
        // A database hiccup must not stop the server; the next round tries again.
        log.warn({ err: error, job: name }, `Job ${name} did not finish`);
        return false;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void runRound();
  }, intervalMs);
  timer.unref();
  void runRound();

  return {
    runRound,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export interface OutboxWorker {
  /** Sends what is due now (tests); resolves when the queue is empty. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every process sends queued messages every `intervalMs`: the claim skips rows another process holds, so
 * more processes send faster and never send one message twice (decision 043).
 */
export function startOutboxWorker(
  database: DatabaseHandle,
  senders: Senders,
  intervalMs: number,
): OutboxWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  const drain = () => {
    running ??= sendQueuedMessages(database.db, senders, { stopping: () => stopped })
      .then((done) => {
        for (const [outcome, count] of Object.entries(done))
          if (count) metrics.messages.inc({ outcome }, count);
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, "The outbox worker did not finish; it tries again");
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void drain();
  }, intervalMs);
  timer.unref();
  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The sale hold, the expired drafts and uploads, and the loan book's day (opened, rolled, back-filled). */
export function startHousekeeping(
  database: DatabaseHandle,
  config: Pick<BackendConfig, "saleHoldHours" | "jobIntervalMs" | "instanceId">,
): JobRunner {
  return startJob(database, {
    name: "housekeeping",
    intervalMs: config.jobIntervalMs,
    instance: config.instanceId,
    steps: {
      saleHold: async (db, now) => {
        const cancelled = await cancelStaleSales(db, config.saleHoldHours, now);
        if (cancelled.length) log.info(`Cancelled ${cancelled.length} unpaid sale(s) past the hold time`);
        return { cancelled: cancelled.length };
      },
      drafts: async (db, now) => ({ deleted: await deleteExpiredDrafts(db, now) }),
      uploads: async (db, now) => ({ deleted: await deleteExpiredUploads(db, now) }),
      // The record of rounds is for seeing what ran lately, not an archive.
      rounds: async (db, now) => {
        const [{ deleted }] = await queryRows(
          db,
          sql`with gone as (delete from job_rounds where started_at < ${now.toISOString()}::timestamptz - interval '30 days'
            returning 1) select count(*) as deleted from gone`,
          z.object({ deleted: z.coerce.number() }),
        );
        return { deleted };
      },
      loanBook: async (db, now) => {
        await loanBookRound(db, (line) => log.info(line), lagosDate(now));
        return {};
      },
      // After the loan book's day: reminders read the accounts as of today.
      reminders: (db, now) => queueReminders(db, now),
    },
  });
}
