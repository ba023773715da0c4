import { inArray, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { sales } from "../db/schema";

// An agent with nothing counts 0: every id asked about gets a figure.
export type AgentFigure = Map<string, number>;

const zeroFor = (agentIds: string[]): AgentFigure => new Map(agentIds.map((id) => [id, 0]));

/** `sales`: every sale but cancelled ones; `onGoingSales`: UNPAID or IN_INSTALLMENT. */
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

// No movement issues units to agents yet, so every agent holds 0.
export async function countUnitsInPossession(_db: AppDb, agentIds: string[]): Promise<AgentFigure> {
  return zeroFor(agentIds);
}
