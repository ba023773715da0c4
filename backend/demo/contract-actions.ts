import { count, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../db/client";
import { queryRows } from "../db/query-rows";
import { accountEvents } from "../db/schema";
import { addDays, lagosToday } from "../schemas/dates";
import type { StaffActor } from "../services/audit";
import { giveDelay, recordRepossession, writeOff } from "../services/account-actions";
import { restructureAccount } from "../services/account-terms";

// Contract actions on the demo book, once (while no account has an event): the most overdue defaulted
// account written off, the next one with a unit repossessed after a first visit found nobody home, and a
// short delay on a late account and a restructure of another, so the portfolio's write-offs, a repossessed account and the timelines
// have something to show on a fresh start. Taken through the services, as staff would take them.

const Row = z.object({ sale_id: z.string() });

export async function ensureDemoContractActions(db: AppDb, today = lagosToday()) {
  const [{ events }] = await db.select({ events: count() }).from(accountEvents);
  if (events > 0) return;
  const [admin] = await queryRows(
    db,
    sql`select u.id from users u join roles r on r.id = u.role_id
      where r.name = 'admin' and u.status = 'active' and u.deleted_at is null order by u.created_at limit 1`,
    z.object({ id: z.string() }),
  );
  const [returned] = await queryRows(
    db,
    sql`select id from inventory_items where class = 'RETURNED' order by created_at limit 1`,
    z.object({ id: z.string() }),
  );
  if (!admin || !returned) return;
  const actor: StaffActor = { userId: admin.id, ip: null, permissions: ["manage:all"] };
  const defaulted = await queryRows(
    db,
    sql`select a.sale_id from accounts a where a.status = 'DEFAULTED'
      and exists (select 1 from sale_items i join devices d on d.sale_item_id = i.id where i.sale_id = a.sale_id)
      -- Not one the demo collector works: the worklist keeps its promises and follow-ups.
      and not exists (select 1 from collection_cases k where k.sale_id = a.sale_id)
      order by a.days_late desc, a.sale_id limit 2`,
    Row,
  );
  const [late, struggling] = await queryRows(
    db,
    sql`select a.sale_id from accounts a where a.status = 'LATE' and a.days_late > 10
      and not exists (select 1 from collection_cases k where k.sale_id = a.sale_id)
      order by a.days_late, a.sale_id limit 2`,
    Row,
  );
  if (defaulted.length < 2 || !late || !struggling) return;
  const [lost, collected] = defaulted;
  await writeOff(db, actor, lost.sale_id, { reason: "Customer moved abroad; the unit was not found" }, today);
  await recordRepossession(
    db,
    actor,
    collected.sale_id,
    { outcome: "NOT_HOME", note: "Neighbours say the family travelled for a burial" },
    today,
  );
  await recordRepossession(
    db,
    actor,
    collected.sale_id,
    {
      outcome: "COLLECTED",
      note: "Collected with the customer's agreement; panel and battery in good order",
      returnedItemId: returned.id,
      unitCost: 15_000_000,
      resalePrice: 17_500_000,
    },
    today,
  );
  await giveDelay(db, actor, late.sale_id, { days: 2, reason: "Salary paid late this month" }, today);
  await restructureAccount(
    db,
    actor,
    struggling.sale_id,
    {
      installments: 6,
      firstDueDate: addDays(today, 14),
      reason: "Shop income fell; smaller payments agreed",
    },
    today,
  );
}
