import { inArray, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { sales } from "../db/schema";

/**
 * The agent card's figures that belong to other areas. Each answers a count per agent id, for every id
 * asked about; an agent with nothing counts 0, which is the true figure while those areas hold no rows.
 */
export type AgentFigure = Map<string, number>;

const zeroFor = (agentIds: string[]): AgentFigure => new Map(agentIds.map((id) => [id, 0]));

/**
 * Sales an agent made (`sales`: every sale but cancelled ones) and those still being paid
 * (`onGoingSales`: UNPAID or IN_INSTALLMENT), from the sales table's agent column.
 */
export async function countAgentSales(
  db: AppDb,
  agentIds: string[],
): Promise<{ sales: AgentFigure; onGoingSales: AgentFigure }> {
  const counted = { sales: zeroFor(agentIds), onGoingSales: zeroFor(agentIds) };
  if (agentIds.length === 0) return counted;
  const rows = await db
    .select({
      agentId: sales.agentId,
      made: sql<number>`(count(*) filter (where ${sales.status} <> 'CANCELLED'))::int`,
      ongoing: sql<number>`(count(*) filter (where ${sales.status} in ('UNPAID', 'IN_INSTALLMENT')))::int`,
    })
    .from(sales)
    .where(inArray(sales.agentId, agentIds))
    .groupBy(sales.agentId);
  for (const row of rows) {
    if (!row.agentId) continue;
    counted.sales.set(row.agentId, row.made);
    counted.onGoingSales.set(row.agentId, row.ongoing);
  }
  return counted;
}

/**
 * Units an agent holds: the inventory movements issuing units from a warehouse to the agent, less those
 * returned and those their sales took, read from the inventory log. No inventory movements are recorded
 * in this build yet, so every agent holds 0.
 */
export async function countUnitsInPossession(_db: AppDb, agentIds: string[]): Promise<AgentFigure> {
  return zeroFor(agentIds);
}
