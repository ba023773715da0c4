import type { LoaderFunctionArgs } from "@remix-run/node";
import { AgentListQuerySchema, AgentListSchema, AgentStatsSchema } from "#backend/schemas/agents";
import { apiRead } from "~/api.server";
import { requireUser } from "~/session.server";
import { loadList } from "~/utils/lists.server";
import { sectionTab } from "~/utils/navigation";
import { can } from "~/utils/permissions";

export async function agentListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { title, filter } = sectionTab("agents", tab);
  const [stats, page] = await Promise.all([
    apiRead(request, "/v1/agents/statistics/view", AgentStatsSchema),
    loadList(request, {
      path: "/v1/agents",
      query: AgentListQuerySchema,
      answer: AgentListSchema,
      fixed: filter ?? {},
    }),
  ]);
  return { title, stats, page, canCreate: can(user, "write:Agents") };
}
