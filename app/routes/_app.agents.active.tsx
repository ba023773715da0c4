import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { AgentListPage } from "~/features/agents/agent-list";
import { agentListLoader } from "~/features/agents/agent-list.server";

export const meta: MetaFunction = () => [{ title: "Active Agents — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return agentListLoader("active", args);
}

export default function ActiveAgentsRoute() {
  return <AgentListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
