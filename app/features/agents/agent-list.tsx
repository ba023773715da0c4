import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { ListAction, ListSection } from "~/components/list-section";
import { StatCard } from "~/components/stat-card";
import { formatBadgeCount } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";
import { AgentCard } from "./agent-card";
import type { agentListLoader } from "./agent-list.server";

export function AgentListPage() {
  const { title, stats, page, can } = useLoaderData<typeof agentListLoader>();
  const location = useLocation();
  useListRefresh();
  const newAgent = can.create ? (
    <ListAction to={listHref("/agents/all/new", location.pathname === "/agents/all" ? location.search : "")}>
      New Agents
    </ListAction>
  ) : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard label="All Agents" value={formatBadgeCount(stats.total)} />
        <StatCard label="Active" value={formatBadgeCount(stats.active)} />
        <StatCard label="Barred" value={formatBadgeCount(stats.barred)} />
      </div>
      <ListSection
        title={title}
        searchLabel="Agents"
        search={page.query.search}
        actions={newAgent}
        page={page.list}
        itemLabel="agents"
        emptyHint={can.create ? "Agents you add with New Agents will be listed here." : undefined}
      >
        <ul aria-label={title} className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          {page.list.agents.map((agent) => (
            <li key={agent.id}>
              <AgentCard agent={agent} />
            </li>
          ))}
        </ul>
      </ListSection>
      <Outlet />
    </div>
  );
}
