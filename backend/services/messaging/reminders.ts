import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../../db/client";
import { insertByUnnest } from "../../db/bulk-insert";
import { queryRows } from "../../db/query-rows";
import { messageSettings, messages } from "../../db/schema";
import type { BulkColumn } from "../../db/bulk-insert";
import { ACTIVE_STATUSES } from "../../constants/portfolio";
import { DEFAULT_REMINDER_SCHEDULE, SEND_WINDOW } from "../../constants/messages";
import type { MessageKind } from "../../constants/messages";
import { LAGOS_OFFSET_MS, addDays, daysBetween, lagosDate, startOfLagosDay } from "../../schemas/dates";
import { Context, composeMessage } from "./outbox";

// Reminders relative to the day an account's credit runs out (issue 29): days before it, on it, days after
// it. Each is queued once per account per due day (its `once_key`), waits for the day's send window, and is
// cancelled by the worker if the customer pays first.

export interface ReminderSchedule {
  remindersOn: boolean;
  daysBefore: number[];
  onTheDay: boolean;
  daysAfter: number[];
}

export async function reminderSchedule(db: AppDb): Promise<ReminderSchedule> {
  const [row] = await db
    .select({
      remindersOn: messageSettings.remindersOn,
      daysBefore: messageSettings.daysBefore,
      onTheDay: messageSettings.onTheDay,
      daysAfter: messageSettings.daysAfter,
    })
    .from(messageSettings)
    .where(eq(messageSettings.id, "current"));
  return (
    row ?? {
      remindersOn: true,
      daysBefore: [...DEFAULT_REMINDER_SCHEDULE.before],
      onTheDay: DEFAULT_REMINDER_SCHEDULE.onTheDay,
      daysAfter: [...DEFAULT_REMINDER_SCHEDULE.after],
    }
  );
}

/** `now` if the send window (08:00–20:00 Lagos) is open, else the moment it next opens. */
export function nextSendMoment(now: Date): Date {
  const hour = new Date(now.getTime() + LAGOS_OFFSET_MS).getUTCHours();
  if (hour >= SEND_WINDOW.opensHour && hour < SEND_WINDOW.closesHour) return now;
  const dayStart = startOfLagosDay(now).getTime();
  const opens = dayStart + SEND_WINDOW.opensHour * 3_600_000;
  return new Date(hour < SEND_WINDOW.opensHour ? opens : opens + 86_400_000);
}

type Reminder = { kind: MessageKind; dueDate: string; label: string };

/** The reminders that fall on `today`: one credit-expiry day each, with the kind and key they go by. */
export function remindersFor(today: string, schedule: ReminderSchedule): Reminder[] {
  if (!schedule.remindersOn) return [];
  return [
    ...schedule.daysBefore.map((days) => ({
      kind: "REMINDER_BEFORE" as const,
      dueDate: addDays(today, days),
      label: `before-${days}`,
    })),
    ...(schedule.onTheDay ? [{ kind: "REMINDER_DUE" as const, dueDate: today, label: "due" }] : []),
    ...schedule.daysAfter.map((days) => ({
      kind: "REMINDER_AFTER" as const,
      dueDate: addDays(today, -days),
      label: `after-${days}`,
    })),
  ];
}

const Candidate = Context.extend({
  sale_id: z.string(),
  customer_id: z.string(),
  due_kobo: z.coerce.number(),
  label: z.string(),
});

/** A composed message's columns, for writing many at once. */
export const QUEUED_MESSAGE_COLUMNS: BulkColumn[] = [
  ["id", "text"],
  ["customerId", "text"],
  ["saleId", "text"],
  ["kind", "text"],
  ["channel", "text"],
  ["recipient", "text"],
  ["subject", "text"],
  ["body", "text"],
  ["status", "text"],
  ["error", "text"],
  ["sendAfter", "timestamptz"],
  ["onceKey", "text"],
  ["dueDate", "date"],
];

const active = sql.raw(ACTIVE_STATUSES.map((status) => `'${status}'`).join(", "));

/**
 * Queues the reminders due at `now` (the job's round, on the database's clock; a test passes its own) and
 * answers how many. Opted-out and deleted customers get none; the amount is what brings the account up to
 * date with its next installment, at most what is still owed.
 */
export async function queueReminders(db: AppDb, now: Date, chunk = 2_000) {
  const today = lagosDate(now);
  const reminders = remindersFor(today, await reminderSchedule(db));
  if (reminders.length === 0) return { queued: 0 };
  const byLabel = new Map(reminders.map((reminder) => [reminder.label, reminder]));
  const wanted = sql.join(
    reminders.map((reminder) => sql`(${reminder.dueDate}::date, ${reminder.label}, ${reminder.kind})`),
    sql`, `,
  );
  const sendAfter = nextSendMoment(now);
  let queued = 0;
  let after = "";
  for (;;) {
    // Keyset pages by sale id, so a long book is read in bounded pieces.
    const rows = await queryRows(
      db,
      sql`with wanted(due, label, kind) as (values ${wanted})
        select a.sale_id, a.customer_id, w.label, c.firstname, c.phone, c.email,
          c.messages_opt_out as opted_out, false as deleted,
          b.name as business_name, b.phone as business_phone,
          t.body as template_body, t.subject as template_subject,
          s.number as sale_number, a.credit_expiry::text as credit_expiry, a.outstanding_kobo,
          least(a.outstanding_kobo, greatest(0, coalesce(
            (select min(r.cumulative_kobo) from account_schedule r
              where r.sale_id = a.sale_id and r.cumulative_kobo > a.paid_kobo), a.total_kobo) - a.paid_kobo)) as due_kobo
        from accounts a
        join wanted w on w.due = a.credit_expiry
        join customers c on c.id = a.customer_id
        join sales s on s.id = a.sale_id
        left join business_settings b on b.id = 'current'
        left join message_templates t on t.kind = w.kind
        where a.status in (${active}) and c.deleted_at is null and not c.messages_opt_out
          and a.sale_id > ${after}
          and not exists (select 1 from messages m
            where m.once_key = 'reminder:' || a.sale_id || ':' || a.credit_expiry || ':' || w.label)
        order by a.sale_id
        limit ${chunk}`,
      Candidate,
    );
    if (rows.length === 0) break;
    const values = rows.map((row) => {
      const reminder = byLabel.get(row.label);
      if (!reminder) throw new Error(`No reminder ${row.label}`);
      return composeMessage(row, {
        kind: reminder.kind,
        customerId: row.customer_id,
        saleId: row.sale_id,
        facts: {
          amountKobo: row.due_kobo,
          days: Math.abs(daysBetween(today, reminder.dueDate)),
        },
        transactional: false,
        sendAfter,
        onceKey: `reminder:${row.sale_id}:${reminder.dueDate}:${reminder.label}`,
        dueDate: reminder.dueDate,
      });
    });
    await insertByUnnest(db, messages, QUEUED_MESSAGE_COLUMNS, values, { skipConflicts: true });
    queued += values.length;
    after = rows[rows.length - 1].sale_id;
    if (rows.length < chunk) break;
  }
  return { queued };
}
