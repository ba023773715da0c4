import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import { messageReports } from "../../db/schema";
import { log } from "../../log";
import type { DeliveryReport } from "./provider";

// Delivery reports move a sent message to delivered, failed or rejected (decision 043). Every report is
// kept, applied or not, so support can see when the gateway last spoke to us and what was refused.

export type ReportOutcome = "applied" | "unknown" | "forged" | "unreadable";

export async function keepReport(
  db: AppDb,
  report: {
    provider: string;
    providerId?: string | null;
    status?: string | null;
    outcome: ReportOutcome;
    detail?: string | null;
  },
) {
  if (report.outcome !== "applied")
    log.warn(
      {
        provider: report.provider,
        providerId: report.providerId,
        outcome: report.outcome,
        detail: report.detail,
      },
      "Delivery report refused",
    );
  await db.insert(messageReports).values({
    provider: report.provider,
    providerId: report.providerId ?? null,
    status: report.status ?? null,
    outcome: report.outcome,
    detail: report.detail?.slice(0, 500) ?? null,
  });
}

/**
 * Applies a report to the message the gateway gave that id, when the number matches too. A final status is
 * never taken back by a late "sent". Answers false (and keeps the refusal) for an id we never sent.
 */
export async function applyDeliveryReport(db: AppDb, report: DeliveryReport): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update messages set
        status = case when ${report.status} = 'SENT' then status else ${report.status} end,
        error = case when ${report.status} = 'DELIVERED' then null when ${report.status} = 'SENT' then error else ${report.reason} end,
        status_at = now()
      where provider = ${report.provider} and provider_id = ${report.providerId}
        and (${report.to}::text is null or recipient = ${report.to})
        and status in ('QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'REJECTED')
      returning id`,
    z.object({ id: z.string() }),
  );
  const applied = rows.length > 0;
  await keepReport(db, {
    provider: report.provider,
    providerId: report.providerId,
    status: report.status,
    outcome: applied ? "applied" : "unknown",
    detail: applied ? report.reason : "No message was sent with this id to this number",
  });
  return applied;
}
