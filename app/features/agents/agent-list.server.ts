import type { LoaderFunctionArgs } from "@remix-run/node";
import { AgentListQuerySchema, AgentListSchema, AgentStatsSchema } from "#backend/schemas/agents";
import { requireUser } from "~/session.server";
import { loadListPage } from "~/utils/lists.server";

export async function agentListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadListPage(request, user, {
    section: "agents",
    tab,
    stats: { path: "/v1/agents/statistics/view", answer: AgentStatsSchema },
    list: { path: "/v1/agents", query: AgentListQuerySchema, answer: AgentListSchema },
    can: { create: "write:Agents" },
  });
}
