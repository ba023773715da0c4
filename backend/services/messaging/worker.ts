import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../../db/client";
import { arrayParam } from "../../db/bulk-insert";
import { queryRows } from "../../db/query-rows";
import { ACTIVE_STATUSES } from "../../constants/portfolio";
import type { Mailer } from "../../mail";
import type { SendOutcome, SmsProvider } from "./provider";

// The outbox's sender (decision 043). Each process may run one; a batch is claimed with
// `FOR UPDATE SKIP LOCKED` and a lease (`claimed_until`), so two processes never take the same message, and
// a message whose sender died mid-batch is taken again once its lease has run out.

export const MAX_ATTEMPTS = 6;
const LEASE_SECONDS = 120;
/** The wait before each retry: 30 s, 2 min, 10 min, 30 min, 2 h. */
const BACKOFF_SECONDS = [30, 120, 600, 1_800, 7_200];

export const backoffSeconds = (attempts: number) =>
  BACKOFF_SECONDS[Math.min(attempts, BACKOFF_SECONDS.length) - 1] ?? BACKOFF_SECONDS[0];

/** The sandbox gateway: takes every message and sends nothing; a tester marks it delivered or failed. */
export const sandboxSmsProvider: SmsProvider = {
  name: "sandbox",
  async send() {
    return { accepted: true, providerId: `sandbox-${randomUUID()}` };
  },
};

export interface Senders {
  sms: SmsProvider;
  mailer: Mailer;
  /** The name e-mail is recorded under: "smtp", or "log" when no mail server is configured. */
  mailerName: string;
}

const Claimed = z.object({
  id: z.string(),
  channel: z.enum(["SMS", "EMAIL"]),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  attempts: z.coerce.number(),
});
type Claimed = z.infer<typeof Claimed>;

const active = sql.raw(ACTIVE_STATUSES.map((status) => `'${status}'`).join(", "));

/**
 * Reminders that no longer say the truth are not sent: the customer paid (the credit runs to another day),
 * the account closed, or the reminder's day passed while it waited.
 */
async function cancelStaleReminders(db: AppDb): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update messages m set status = 'CANCELLED', claimed_until = null, status_at = now(),
        error = case
          when a.credit_expiry is distinct from m.due_date then 'Not sent: the account was paid or changed before it went out'
          when a.status not in (${active}) then 'Not sent: the account is no longer open'
          else 'Not sent: its day passed before it could go out' end
      from accounts a
      where m.status = 'QUEUED' and m.due_date is not null and m.send_after <= now() and a.sale_id = m.sale_id
        and (a.credit_expiry is distinct from m.due_date or a.status not in (${active})
          or lagos_day(now()) <> lagos_day(m.created_at))
      returning m.id`,
    z.object({ id: z.string() }),
  );
  return rows.length;
}

async function claim(db: AppDb, limit: number): Promise<Claimed[]> {
  return queryRows(
    db,
    sql`update messages m set claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}),
        attempts = m.attempts + 1
      where m.id in (
        select id from messages
        where status = 'QUEUED' and send_after <= now() and (claimed_until is null or claimed_until < now())
        order by send_after
        limit ${limit}
        for update skip locked)
      returning m.id, m.channel, m.recipient, m.subject, m.body, m.attempts`,
    Claimed,
  );
}

type Result = {
  id: string;
  status: "SENT" | "QUEUED" | "FAILED" | "REJECTED";
  provider: string;
  providerId: string | null;
  error: string | null;
  retryIn: number;
};

function resultOf(message: Claimed, provider: string, outcome: SendOutcome): Result {
  if (outcome.accepted)
    return {
      id: message.id,
      status: "SENT",
      provider,
      providerId: outcome.providerId,
      error: null,
      retryIn: 0,
    };
  if (outcome.permanent)
    return {
      id: message.id,
      status: "REJECTED",
      provider,
      providerId: null,
      error: outcome.reason,
      retryIn: 0,
    };
  if (message.attempts >= MAX_ATTEMPTS)
    return {
      id: message.id,
      status: "FAILED",
      provider,
      providerId: null,
      error: `Gave up after ${message.attempts} attempts: ${outcome.reason}`,
      retryIn: 0,
    };
  return {
    id: message.id,
    status: "QUEUED",
    provider,
    providerId: null,
    error: outcome.reason,
    retryIn: backoffSeconds(message.attempts),
  };
}

async function sendOne(message: Claimed, senders: Senders): Promise<Result> {
  try {
    if (message.channel === "SMS")
      return resultOf(
        message,
        senders.sms.name,
        await senders.sms.send({ to: message.recipient, body: message.body }),
      );
    await senders.mailer.send({ to: message.recipient, subject: message.subject ?? "", text: message.body });
    return resultOf(message, senders.mailerName, { accepted: true, providerId: "" });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return resultOf(message, message.channel === "SMS" ? senders.sms.name : senders.mailerName, {
      accepted: false,
      permanent: false,
      reason,
    });
  }
}

/** Every result of a batch in one statement. */
async function record(db: AppDb, results: Result[]) {
  if (results.length === 0) return;
  const column = (pick: (result: Result) => unknown) => arrayParam(results.map(pick));
  await db.execute(sql`update messages m set
      status = r.status,
      provider = r.provider,
      provider_id = nullif(r.provider_id, ''),
      error = r.error,
      claimed_until = null,
      sent_at = case when r.status = 'SENT' then now() else m.sent_at end,
      status_at = case when r.status <> 'QUEUED' then now() else m.status_at end,
      send_after = case when r.status = 'QUEUED' then now() + make_interval(secs => r.retry_in) else m.send_after end
    from unnest(${column((r) => r.id)}::text[], ${column((r) => r.status)}::text[],
      ${column((r) => r.provider)}::text[], ${column((r) => r.providerId)}::text[],
      ${column((r) => r.error)}::text[], ${column((r) => r.retryIn)}::integer[])
      as r(id, status, provider, provider_id, error, retry_in)
    where m.id = r.id`);
}

export interface RoundOptions {
  batchSize?: number;
  /** Messages sent at once within a batch: a gateway's answer takes a network round trip. */
  concurrency?: number;
  /**
   * A pause between batches, so the requests staff make get the process and the database's connections
   * in between (the embedded database has one): a drain of thousands must not hold the screens up. It is
   * long beside a batch's own work on purpose: the sender takes a small share of the process, and a real
   * gateway's round trips, not the pause, set how fast a batch goes.
   */
  pauseMs?: number;
  stopping?: () => boolean;
}

/** Sends what is due until the queue is empty (or the process is stopping); answers what it did. */
export async function sendQueuedMessages(db: AppDb, senders: Senders, options: RoundOptions = {}) {
  const { batchSize = 100, concurrency = 20, pauseMs = 150, stopping = () => false } = options;
  const done = { sent: 0, retried: 0, failed: 0, cancelled: await cancelStaleReminders(db) };
  while (!stopping()) {
    const batch = await claim(db, batchSize);
    const results: Result[] = [];
    for (let start = 0; start < batch.length; start += concurrency) {
      results.push(
        ...(await Promise.all(
          batch.slice(start, start + concurrency).map((message) => sendOne(message, senders)),
        )),
      );
    }
    await record(db, results);
    for (const result of results) {
      if (result.status === "SENT") done.sent += 1;
      else if (result.status === "QUEUED") done.retried += 1;
      else done.failed += 1;
    }
    if (batch.length < batchSize) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return done;
}
