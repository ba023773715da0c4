import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody, readQuery } from "../http/validation";
import {
  AgentListQuerySchema,
  AgentListSchema,
  AgentRecordSchema,
  AgentStatsSchema,
  CreateAgentSchema,
  UpdateAgentSchema,
} from "../schemas/agents";
import type { AgentList, AgentListQuery } from "../schemas/agents";
import { agentStats, countAgents, createAgent, getAgent, listAgents, updateAgent } from "../services/agents";

export const agentOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/agents",
    tag: "Agents",
    summary:
      "Agent list, newest first, in the reference contract's shape (the person under `user`, the 8-digit " +
      "number as `agentId`) with each card's figures; `status` picks a tab",
    access: "read:Agents",
    query: AgentListQuerySchema,
    success: ok("One page of agents", AgentListSchema),
  },
  {
    method: "get",
    path: "/api/v1/agents/statistics/view",
    tag: "Agents",
    summary: "Counts of all, active and barred agents (zeros when there are none)",
    access: "read:Agents",
    success: ok("The counts", AgentStatsSchema),
  },
  {
    method: "post",
    path: "/api/v1/agents/create",
    tag: "Agents",
    summary: "Create an agent; the e-mail must not belong to another agent",
    access: "write:Agents",
    body: CreateAgentSchema,
    success: ok("The new agent", AgentRecordSchema, 201),
  },
  {
    method: "get",
    path: "/api/v1/agents/{id}",
    tag: "Agents",
    summary: "One agent (the person under `user`) with the card's figures",
    access: "read:Agents",
    success: ok("The agent", AgentRecordSchema),
    errors: { 404: "Agent not found" },
  },
  {
    method: "patch",
    path: "/api/v1/agents/{id}",
    tag: "Agents",
    summary: "Edit an agent, or bar / unbar one with `status`",
    access: "write:Agents",
    body: UpdateAgentSchema,
    success: ok("The updated agent", AgentRecordSchema),
    errors: { 404: "Agent not found" },
  },
];

export function agentRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const agentList: ListSource<AgentListQuery, AgentList> = {
    count: (query) => countAgents(db, query),
    list: (query, total) => listAgents(db, query, total),
  };

  return new Hono<ApiEnv>()
    .get("/", guard("read:Agents"), (c) => listAnswer(c, readQuery(c, AgentListQuerySchema), agentList))
    .get("/statistics/view", guard("read:Agents"), async (c) => {
      return c.json(await agentStats(db), 200);
    })
    .post("/create", guard("write:Agents"), async (c) => {
      const input = await readJsonBody(c, CreateAgentSchema);
      return c.json(await createAgent(db, signedInActor(c), input), 201);
    })
    .get("/:id", guard("read:Agents"), async (c) => {
      return c.json(await getAgent(db, c.req.param("id")), 200);
    })
    .patch("/:id", guard("write:Agents"), async (c) => {
      const input = await readJsonBody(c, UpdateAgentSchema);
      return c.json(await updateAgent(db, signedInActor(c), c.req.param("id"), input), 200);
    });
}
