import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { loadBackendConfig } from "../config";
import type { AppDb } from "../db/client";
import { migrateDatabase, openDatabase } from "../db/client";
import { insertByUnnest } from "../db/bulk-insert";
import { queryRows } from "../db/query-rows";
import { messages } from "../db/schema";
import {
  LockedSaleRow,
  applyPayment,
  countPayment,
  lockSale,
  lockedSaleMoney,
  paymentAnswer,
} from "../services/sale-payments";
import { FULL_ACCESS } from "../schemas/permissions";
import { ACTIVE_STATUSES } from "../constants/portfolio";
import { Context, composeMessage } from "../services/messaging/outbox";
import { QUEUED_MESSAGE_COLUMNS, queueReminders, reminderSchedule } from "../services/messaging/reminders";

// `tsx backend/demo/bench-messages-cli.ts DRAIN TIMINGS HOLD_SECONDS`: the benchmark's customer-message
// figures on the configured database (not while a server has the same PGlite directory open):
//   1. one reminder round (queueReminders) over the whole book, timed, on the day that queues the most;
//      its rows are then deleted, so the drain that follows sends only its own;
//   2. TIMINGS cash payments with their message beside TIMINGS without it, timed, each with the sale it
//      answers with (the payments stay, a few naira on a thousand accounts; their messages are deleted);
//   3. DRAIN queued SMS messages written at once, due HOLD_SECONDS after they are written, for the server
//      the benchmark starts next to send while staff work.
// Its last line of output is JSON for the benchmark script.

const WARM_UP = 20;
// What staff write to a worklist: the variables a list message may use, filled from each account.
const LIST_MESSAGE =
  "Hello {customerName}, your solar account {saleNumber} still owes {balance} (payment date {dueDate}). " +
  "Please pay to keep your lights on.";

const active = sql.raw(ACTIVE_STATUSES.map((status) => `'${status}'`).join(", "));

const count = z.object({ n: z.coerce.number() });
const moment = async (db: AppDb) =>
  (await queryRows(db, sql`select now()::text as at`, z.object({ at: z.string() })))[0].at;

function percentile(times: number[], share: number) {
  const sorted = [...times].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  return Math.round(value * 10) / 10;
}

/**
 * The day whose round queues the most reminders: the schedule's offsets (days before the credit runs out,
 * the day itself, days after) against the open accounts' credit expiries. A day a housekeeping round
 * already ran on is left out: its reminders are queued already, so a round would find nothing to do.
 */
async function busiestReminderDay(db: AppDb) {
  const schedule = await reminderSchedule(db);
  if (!schedule.remindersOn) return null;
  const offsets = [
    ...schedule.daysBefore,
    ...(schedule.onTheDay ? [0] : []),
    ...schedule.daysAfter.map((d) => -d),
  ];
  if (offsets.length === 0) return null;
  const values = sql.join(
    offsets.map((offset) => sql`(${offset}::integer)`),
    sql`, `,
  );
  const [busiest] = await queryRows(
    db,
    sql`with offsets(days) as (values ${values}),
      expiries as (
        select a.credit_expiry as day, count(*) as n from accounts a
        join customers c on c.id = a.customer_id
        where a.status in (${active}) and a.credit_expiry is not null
          and c.deleted_at is null and not c.messages_opt_out
        group by a.credit_expiry)
      select (e.day - o.days)::text as day, sum(e.n) as n from expiries e cross join offsets o
      where (e.day - o.days) not in (select lagos_day(r.started_at) from job_rounds r where r.job = 'housekeeping')
      group by 1 order by 2 desc, 1 limit 1`,
    z.object({ day: z.string(), n: z.coerce.number() }),
  );
  return busiest ?? null;
}

async function timeReminderRound(db: AppDb) {
  const [{ n: accounts }] = await queryRows(db, sql`select count(*) as n from accounts`, count);
  const [{ n: open }] = await queryRows(
    db,
    sql`select count(*) as n from accounts where status in (${active})`,
    count,
  );
  const busiest = await busiestReminderDay(db);
  if (!busiest) return { accounts, open, day: null, expected: 0, queued: 0, seconds: 0 };
  // Noon in Lagos (UTC+1): inside the send window, so the round's rows are due at once.
  const now = new Date(`${busiest.day}T11:00:00Z`);
  const before = await moment(db);
  const started = performance.now();
  const { queued } = await queueReminders(db, now);
  const seconds = (performance.now() - started) / 1000;
  await db.execute(
    sql`delete from messages where once_key is not null and created_at >= ${before}::timestamptz`,
  );
  return { accounts, open, day: busiest.day, expected: busiest.n, queued, seconds };
}

/** Open accounts with their customers, in sale order, as many as asked (fewer when the book is smaller). */
async function openAccounts(db: AppDb, limit: number) {
  return queryRows(
    db,
    sql`select a.sale_id, a.customer_id, c.firstname, c.phone, c.email, c.messages_opt_out as opted_out,
        false as deleted, b.name as business_name, b.phone as business_phone,
        null::text as template_body, null::text as template_subject,
        s.number as sale_number, a.credit_expiry::text as credit_expiry, a.outstanding_kobo
      from accounts a
      join customers c on c.id = a.customer_id
      join sales s on s.id = a.sale_id
      left join business_settings b on b.id = 'current'
      where a.status in (${active}) and c.deleted_at is null and not c.messages_opt_out
      order by a.sale_id
      limit ${limit}`,
    Context.extend({ sale_id: z.string(), customer_id: z.string() }),
  );
}

// The sale's lock without the message's context (lock_sale without its joins), as a function like
// lock_sale so that both keep their plans: the payments without a message lock with it. Created for the
// figure and dropped after it.
const LOCK_ALONE = sql.raw(`create or replace function bench_lock_sale_alone(p_sale_id text)
  returns table (id text, customer_id text, number integer, status text, total_kobo bigint, paid_kobo bigint,
    due_now_kobo bigint, total_monthly_kobo bigint, terms_from_kobo bigint)
  language plpgsql as $$ begin return query
  select s.id, s.customer_id, s.number, s.status, s.total_kobo::bigint, s.paid_kobo::bigint,
    s.due_now_kobo::bigint, s.total_monthly_kobo::bigint, s.terms_from_kobo::bigint
  from sales s where s.id = p_sale_id for update of s; end $$`);

/**
 * What queueing a payment's message adds to the payment: cash payments with their message (lockSale, which
 * reads the message's context, and applyPayment) beside the same payments without it (the sale locked
 * without the context, countPayment, the audit row alone), in alternating blocks of ten one after another
 * on open accounts, after WARM_UP of each that are not counted. Each is timed twice: its transaction, and
 * the whole cash payment as `recordCashPayment` makes it for the API, the transaction and then the sale it
 * answers with (`paymentAnswer`).
 */
async function timeQueueing(db: AppDb, timings: number) {
  const rows = await openAccounts(db, 2 * (timings + WARM_UP));
  if (rows.length === 0) throw new Error("No open account to record a payment for");
  await db.execute(LOCK_ALONE);
  const times = { audit: [] as number[], withMessage: [] as number[] };
  const whole = { audit: [] as number[], withMessage: [] as number[] };
  const actor = { userId: null, ip: null };
  const viewer = { permissions: [FULL_ACCESS] };
  const started = await moment(db);
  for (let index = 0; index < 2 * (timings + WARM_UP); index += 1) {
    const saleId = rows[index % rows.length].sale_id;
    const withMessage = Math.floor(index / 10) % 2 === 1;
    const incoming = {
      method: "CASH" as const,
      amountKobo: 10_000,
      reference: `bench-message-${Date.now()}-${index}`,
    };
    const begun = performance.now();
    const paymentId = await db.transaction(async (tx) => {
      if (withMessage) return (await applyPayment(tx, await lockSale(tx, saleId), incoming, actor)).paymentId;
      const [row] = await queryRows(tx, sql`select * from bench_lock_sale_alone(${saleId})`, LockedSaleRow);
      const counted = await countPayment(tx, lockedSaleMoney(row), incoming, actor);
      await counted.audit;
      return counted.paymentId;
    });
    const committed = performance.now();
    await paymentAnswer(db, saleId, paymentId, viewer);
    if (index >= 2 * WARM_UP) {
      const variant = withMessage ? "withMessage" : "audit";
      times[variant].push(committed - begun);
      whole[variant].push(performance.now() - begun);
    }
  }
  await db.execute(sql`drop function bench_lock_sale_alone(text)`);
  // The payments' messages are counted and deleted, so that the drain below sends only its own.
  const [{ n: queued }] = await queryRows(
    db,
    sql`with gone as (delete from messages
        where created_at >= ${started}::timestamptz and payment_id is not null returning 1)
      select count(*) as n from gone`,
    count,
  );
  const figures = (list: number[]) => ({ p50: percentile(list, 0.5), p99: percentile(list, 0.99) });
  return {
    count: times.withMessage.length,
    warmUp: WARM_UP,
    queued,
    audit: figures(times.audit),
    withMessage: figures(times.withMessage),
    whole: { audit: figures(whole.audit), withMessage: figures(whole.withMessage) },
  };
}

/** DRAIN list messages to the book's account holders, SMS and queued, due HOLD_SECONDS from now. */
async function queueDrain(db: AppDb, drain: number, holdSeconds: number) {
  const rows = await openAccounts(db, drain);
  const [{ at }] = await queryRows(
    db,
    sql`select (now() + make_interval(secs => ${holdSeconds}))::text as at`,
    z.object({ at: z.string() }),
  );
  const dueAt = new Date(at);
  const sendable = rows
    .map((row) =>
      composeMessage(row, {
        kind: "MANUAL",
        customerId: row.customer_id,
        saleId: row.sale_id,
        body: LIST_MESSAGE,
        transactional: false,
        sendAfter: dueAt,
      }),
    )
    .filter((message) => message.status === "QUEUED" && message.channel === "SMS");
  if (sendable.length === 0) throw new Error("No account holder with a mobile number to write to");
  // A book smaller than the drain writes to some customers more than once, each message a row of its own.
  const values = Array.from({ length: drain }, (_, index) => {
    const message = sendable[index % sendable.length];
    return index < sendable.length ? message : { ...message, id: randomUUID() };
  });
  const started = performance.now();
  await db.transaction((tx) => insertByUnnest(tx, messages, QUEUED_MESSAGE_COLUMNS, values));
  return {
    queued: values.length,
    customers: new Set(values.map((message) => message.customerId)).size,
    insertSeconds: (performance.now() - started) / 1000,
    dueAt: dueAt.toISOString(),
  };
}

async function main() {
  const drain = Number(process.argv[2] ?? 10_000);
  const timings = Number(process.argv[3] ?? 500);
  const holdSeconds = Number(process.argv[4] ?? 60);
  for (const [name, value] of [
    ["DRAIN", drain],
    ["TIMINGS", timings],
    ["HOLD_SECONDS", holdSeconds],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  }
  const config = loadBackendConfig();
  const database = await openDatabase(config);
  try {
    const { db } = database;
    await migrateDatabase(db, database.kind);
    const reminders = await timeReminderRound(db);
    console.error(
      `Reminder round on ${reminders.day ?? "no day"}: ${reminders.queued} queued in ${reminders.seconds.toFixed(1)} s`,
    );
    const queueing = await timeQueueing(db, timings);
    console.error(
      `Queueing a payment's message: p99 ${queueing.whole.withMessage.p99} ms beside ${queueing.whole.audit.p99} ms without (the transaction alone: ${queueing.withMessage.p99} beside ${queueing.audit.p99} ms)`,
    );
    const drained = await queueDrain(db, drain, holdSeconds);
    console.error(`${drained.queued} messages queued, due at ${drained.dueAt}`);
    process.stdout.write(`${JSON.stringify({ reminders, queueing, drain: drained })}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
