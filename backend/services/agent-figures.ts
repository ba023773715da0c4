import type { AppDb } from "../db/client";

/**
 * The agent card's figures that belong to other areas. Each answers a count per agent id, for every id
 * asked about; an agent with nothing counts 0, which is the true figure while those areas hold no rows.
 */
export type AgentFigure = Map<string, number>;

const zeroFor = (agentIds: string[]): AgentFigure => new Map(agentIds.map((id) => [id, 0]));

/**
 * Sales an agent made (`sales`) and those still being paid or delivered (`onGoingSales`), counted from the
 * sales table by its agent column once sales are recorded; there are no sales yet, so both are 0.
 */
export async function countAgentSales(
  _db: AppDb,
  agentIds: string[],
): Promise<{ sales: AgentFigure; onGoingSales: AgentFigure }> {
  return { sales: zeroFor(agentIds), onGoingSales: zeroFor(agentIds) };
}

/**
 * Units an agent holds: the inventory movements issuing units from a warehouse to the agent, less those
 * returned and those their sales took, read from the inventory log. No inventory movements are recorded
 * in this build yet, so every agent holds 0.
 */
export async function countUnitsInPossession(_db: AppDb, agentIds: string[]): Promise<AgentFigure> {
  return zeroFor(agentIds);
}
