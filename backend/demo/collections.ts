import { count, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../db/client";
import { queryRows } from "../db/query-rows";
import { collectionCases, collectionContacts } from "../db/schema";
import type { CollectionContactRow } from "../db/schema";
import { addDays, lagosToday } from "../schemas/dates";
import { log } from "../log";

// The demo collector's work on the demo book's late accounts, once (while no contact is logged): some
// accounts assigned, calls and visits logged, a promise open, one due today, one kept and one broken, and
// follow-ups due today, so the worklist's tabs all have something to show on a fresh start.

const HOUR = 3_600_000;
/** Noon in Lagos on `day`. */
const noonOf = (day: string) => new Date(`${day}T12:00:00+01:00`);

const LateRow = z.object({
  sale_id: z.string(),
  outstanding_kobo: z.coerce.number(),
  last_payment_on: z.string().nullable(),
});

export async function ensureDemoCollections(db: AppDb, today = lagosToday()) {
  const [{ logged }] = await db.select({ logged: count() }).from(collectionContacts);
  if (logged > 0) return;
  const [collector] = await queryRows(
    db,
    sql`select u.id from users u join roles r on r.id = u.role_id
      where r.name = 'collector' and u.status = 'active' and u.deleted_at is null order by u.created_at limit 1`,
    z.object({ id: z.string() }),
  );
  if (!collector) return;
  const late = await queryRows(
    db,
    sql`select a.sale_id, a.outstanding_kobo, a.last_payment_on::text from accounts a
      where a.status in ('LATE', 'DEFAULTED') order by a.days_late desc, a.sale_id limit 60`,
    LateRow,
  );
  // Accounts that paid nothing for a fortnight can carry a broken promise; one paid this week, a kept one.
  const quiet = late.filter((row) => !row.last_payment_on || row.last_payment_on < addDays(today, -14));
  const [paidLately] = await queryRows(
    db,
    sql`select p.sale_id, p.amount_kobo, p.created_at from sale_payments p join accounts a on a.sale_id = p.sale_id
      where a.status in ('LATE', 'DEFAULTED') and p.status in ('COMPLETED', 'INCOMPLETE')
        and p.created_at > now() - interval '10 days'
      order by p.created_at desc limit 1`,
    z.object({ sale_id: z.string(), amount_kobo: z.coerce.number(), created_at: z.coerce.date() }),
  );
  if (quiet.length < 6) return;

  const contacts: (typeof collectionContacts.$inferInsert)[] = [];
  const cases = new Map<string, typeof collectionCases.$inferInsert>();
  const work = (saleId: string, fields: Partial<typeof collectionCases.$inferInsert>) =>
    cases.set(saleId, { ...(cases.get(saleId) ?? { saleId }), ...fields });
  const logContact = (
    saleId: string,
    at: Date,
    outcome: CollectionContactRow["outcome"],
    extra: Partial<CollectionContactRow> = {},
  ) => {
    contacts.push({ saleId, channel: "CALL", outcome, staffId: collector.id, createdAt: at, ...extra });
    work(saleId, { lastContactAt: at });
  };
  // The ten most overdue quiet accounts are the collector's; the rest of the list is nobody's yet.
  for (const row of quiet.slice(0, 10)) work(row.sale_id, { assignedTo: collector.id });

  const [broken, open, dueToday, noAnswer, movedAway, followUp] = quiet;
  const promise = (row: typeof broken, madeDaysAgo: number, dueInDays: number) => {
    const made = noonOf(addDays(today, -madeDaysAgo));
    const on = addDays(today, dueInDays);
    const kobo = Math.min(row.outstanding_kobo, 500_000);
    logContact(row.sale_id, made, "PROMISED", {
      promiseKobo: kobo,
      promiseOn: on,
      note: "Will pay at the end of the week",
    });
    work(row.sale_id, { promiseKobo: kobo, promiseOn: on, promiseMadeAt: made, followUpOn: addDays(on, 1) });
  };
  logContact(broken.sale_id, noonOf(addDays(today, -12)), "NO_ANSWER");
  promise(broken, 9, -3);
  promise(open, 2, 5);
  promise(dueToday, 3, 0);
  logContact(noAnswer.sale_id, new Date(noonOf(today).getTime() - 2 * HOUR), "NO_ANSWER");
  work(noAnswer.sale_id, { followUpOn: today });
  logContact(movedAway.sale_id, noonOf(addDays(today, -4)), "MOVED_AWAY", {
    channel: "VISIT",
    note: "Neighbours say the family moved to Oyo; the device went with them",
  });
  logContact(followUp.sale_id, noonOf(addDays(today, -1)), "REACHED", {
    note: "Asked to be called back today",
  });
  work(followUp.sale_id, { followUpOn: today });
  if (paidLately && paidLately.amount_kobo > 0) {
    // A promise made the day before a payment of its amount, for today: kept.
    const made = new Date(paidLately.created_at.getTime() - 24 * HOUR);
    logContact(paidLately.sale_id, made, "PROMISED", {
      promiseKobo: paidLately.amount_kobo,
      promiseOn: today,
    });
    work(paidLately.sale_id, { promiseKobo: paidLately.amount_kobo, promiseOn: today, promiseMadeAt: made });
  }
  await db.transaction(async (tx) => {
    await tx.insert(collectionContacts).values(contacts);
    await tx
      .insert(collectionCases)
      .values([...cases.values()])
      .onConflictDoNothing();
  });
  log.info(`Seeded ${contacts.length} demo collection contacts on ${cases.size} accounts`);
}
