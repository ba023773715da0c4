import { Link } from "@remix-run/react";
import type { AgentRecord } from "#backend/schemas/agents";
import { formatNumber, fullName } from "~/utils/format";
import { AgentStatusPill } from "./agent-status";

/** The figures of an agent's card (spec 001 §3), counted by the API, never sampled. */
export const AGENT_FIGURES = [
  { key: "onGoingSales", label: "Ongoing Sales" },
  { key: "inventoryInPossession", label: "Inventory in Possession" },
  { key: "sales", label: "Sales" },
  { key: "registeredCustomers", label: "Registered Customers" },
] as const;

export function AgentFigures({ agent }: { agent: AgentRecord }) {
  return (
    <dl className="grid grid-cols-2 gap-3">
      {AGENT_FIGURES.map(({ key, label }) => (
        <div key={key} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{formatNumber(agent[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AgentCard({ agent }: { agent: AgentRecord }) {
  const titleId = `agent-${agent.id}-name`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-base font-semibold text-slate-900">
            <Link to={`/agents/${agent.id}`} className="hover:underline">
              {fullName(agent.user)}
            </Link>
          </h3>
          <p className="truncate text-xs text-slate-600">{agent.user.location}</p>
        </div>
        <AgentStatusPill status={agent.user.status} />
      </header>
      <AgentFigures agent={agent} />
    </article>
  );
}
