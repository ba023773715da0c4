import { and, desc, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { agents, customers } from "../db/schema";
import type { AgentRow } from "../db/schema";
import type {
  AgentList,
  AgentListQuery,
  AgentRecord,
  AgentStats,
  CreateAgentInput,
  UpdateAgentInput,
} from "../schemas/agents";
import { pageOf } from "../schemas/list";
import { countAgentSales, countUnitsInPossession } from "./agent-figures";
import { describeChanges, recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { invalid, invalidField, isUniqueViolation, notFound } from "./errors";
import { containsPattern } from "./search";
import { isTaken, otherThan, sameText } from "./uniqueness";

export const AGENT_NOT_FOUND = "Agent not found";
export const AGENT_EMAIL_EXISTS = "An agent with this email already exists";
export const AGENT_BARRED = "This agent is barred";

const agentColumns = {
  id: agents.id,
  number: agents.number,
  firstname: agents.firstname,
  lastname: agents.lastname,
  email: agents.email,
  phoneNumber: agents.phoneNumber,
  addressType: agents.addressType,
  location: agents.location,
  longitude: agents.longitude,
  latitude: agents.latitude,
  emailVerified: agents.emailVerified,
  status: agents.status,
  creatorId: agents.creatorId,
  createdAt: agents.createdAt,
  updatedAt: agents.updatedAt,
};
type AgentColumnsRow = Pick<AgentRow, keyof typeof agentColumns>;

const isLive = isNull(agents.deletedAt);
const fullName = (agent: Pick<AgentRow, "firstname" | "lastname">) => `${agent.firstname} ${agent.lastname}`;

async function withFigures(db: AppDb, rows: AgentColumnsRow[]): Promise<AgentRecord[]> {
  const ids = rows.map((row) => row.id);
  const registered = new Map<string, number>();
  if (ids.length > 0) {
    const counted = await db
      .select({ agentId: customers.agentId, total: sql<number>`count(*)::int` })
      .from(customers)
      .where(and(inArray(customers.agentId, ids), isNull(customers.deletedAt)))
      .groupBy(customers.agentId);
    for (const row of counted) if (row.agentId) registered.set(row.agentId, row.total);
  }
  const [{ sales, onGoingSales }, inPossession] = await Promise.all([
    countAgentSales(db, ids),
    countUnitsInPossession(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    agentId: row.number,
    userId: row.id,
    user: {
      id: row.id,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      phone: row.phoneNumber,
      location: row.location,
      addressType: row.addressType,
      longitude: row.longitude === null ? null : String(row.longitude),
      latitude: row.latitude === null ? null : String(row.latitude),
      emailVerified: row.emailVerified,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    creatorId: row.creatorId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: null,
    registeredCustomers: registered.get(row.id) ?? 0,
    sales: sales.get(row.id) ?? 0,
    onGoingSales: onGoingSales.get(row.id) ?? 0,
    inventoryInPossession: inPossession.get(row.id) ?? 0,
  }));
}

function listConditions(query: AgentListQuery) {
  const conditions: (SQL | undefined)[] = [isLive];
  if (query.status) conditions.push(eq(agents.status, query.status));
  if (query.search) {
    const text = sql`${agents.firstname} || ' ' || ${agents.lastname} || ' | ' || ${agents.email} || ' | ' || coalesce(${agents.phoneNumber}, '')`;
    conditions.push(ilike(text, containsPattern(query.search)));
  }
  return and(...conditions);
}

export async function countAgents(db: AppDb, query: AgentListQuery) {
  return db.$count(agents, listConditions(query));
}

export async function listAgents(
  db: AppDb,
  query: AgentListQuery,
  total: () => Promise<number>,
): Promise<AgentList> {
  const [rows, counted] = await Promise.all([
    db
      .select(agentColumns)
      .from(agents)
      .where(listConditions(query))
      .orderBy(desc(agents.createdAt), desc(agents.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    total(),
  ]);
  return pageOf("agents", await withFigures(db, rows), counted, query);
}

export async function agentStats(db: AppDb): Promise<AgentStats> {
  const [stats] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${agents.status} = 'active'))::int`,
      barred: sql<number>`(count(*) filter (where ${agents.status} = 'barred'))::int`,
    })
    .from(agents)
    .where(isLive);
  return stats;
}

async function findAgent(db: AppDb, id: string) {
  const [row] = await db
    .select(agentColumns)
    .from(agents)
    .where(and(eq(agents.id, id), isLive))
    .limit(1);
  return row ?? null;
}

export async function getAgent(db: AppDb, id: string): Promise<AgentRecord> {
  const row = await findAgent(db, id);
  if (!row) throw notFound(AGENT_NOT_FOUND);
  const [record] = await withFigures(db, [row]);
  return record;
}

function emailTaken(db: AppDb, email: string, exceptId?: string) {
  return isTaken(db, agents, and(sameText(agents.email, email), isLive, otherThan(agents.id, exceptId)));
}

const emailExists = () => invalidField("email", AGENT_EMAIL_EXISTS);

export async function createAgent(
  db: AppDb,
  actor: StaffActor,
  input: CreateAgentInput,
): Promise<AgentRecord> {
  const email = input.email.toLowerCase();
  if (await emailTaken(db, email)) throw emailExists();
  const created = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(agents)
        .values({ ...input, email, creatorId: actor.userId })
        .returning(agentColumns);
      await recordAudit(tx, actor, {
        action: "create",
        subject: "Agents",
        recordId: row.id,
        summary: `Added agent ${fullName(row)} (${email})`,
        changes: { firstname: row.firstname, lastname: row.lastname, email, phoneNumber: row.phoneNumber },
      });
      return row;
    })
    .catch((error: unknown) => {
      // Another request took the address between the check and the insert.
      throw isUniqueViolation(error) ? emailExists() : error;
    });
  const [record] = await withFigures(db, [created]);
  return record;
}

export async function updateAgent(
  db: AppDb,
  actor: StaffActor,
  id: string,
  input: UpdateAgentInput,
): Promise<AgentRecord> {
  if (Object.values(input).every((value) => value === undefined)) {
    throw invalid("At least one field must be provided to update");
  }
  const agent = await findAgent(db, id);
  if (!agent) throw notFound(AGENT_NOT_FOUND);
  const patch = { ...input, email: input.email?.toLowerCase() };
  const changes = describeChanges(agent, patch);
  if (Object.keys(changes).length === 0) return getAgent(db, id);
  if (changes.email && (await emailTaken(db, changes.email.to as string, id))) throw emailExists();

  const status = changes.status?.to;
  const verb = status === "barred" ? "Barred" : status === "active" ? "Unbarred" : "Updated";
  const edited = Object.keys(changes).filter((field) => field !== "status");
  await db
    .transaction(async (tx) => {
      await tx.update(agents).set(patch).where(eq(agents.id, id));
      await recordAudit(tx, actor, {
        action: status === "barred" ? "bar" : status === "active" ? "unbar" : "update",
        subject: "Agents",
        recordId: id,
        summary: `${verb} agent ${fullName(agent)}${edited.length ? ` (${edited.join(", ")})` : ""}`,
        changes,
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailExists() : error;
    });
  return getAgent(db, id);
}

export async function requireAgentForRegistration(db: AppDb, agentId: string) {
  const agent = await findAgent(db, agentId);
  if (!agent) throw invalidField("agentId", AGENT_NOT_FOUND);
  if (agent.status === "barred") throw invalidField("agentId", AGENT_BARRED);
}
