import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { AgentRecord } from "#backend/schemas/agents";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { AgentFigures } from "~/features/agents/agent-card";
import { AgentFields } from "~/features/agents/agent-fields";
import { AgentStatusPill } from "~/features/agents/agent-status";
import { capitalise, formatDate, fullName } from "~/utils/format";
import { useLiveForm } from "~/utils/use-live-form";
import type { FormResult } from "~/utils/use-live-form";
import type { action, loader } from "~/features/agents/agent-drawer.server";

export { action, loader } from "~/features/agents/agent-drawer.server";

const loadAgentFormSchema = () => import("#backend/schemas/agents").then((module) => module.AgentFormSchema);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.editing ? "Edit " : ""}${fullName(data.agent.user)} — Agents — SolarDesk`
      : "Agent — SolarDesk",
  },
];

function EditAgentForm({
  agent,
  mapsApiKey,
  lastResult,
}: {
  agent: AgentRecord;
  mapsApiKey: string | null;
  lastResult?: FormResult;
}) {
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadAgentFormSchema, lastResult });
  const person = agent.user;
  const record = {
    firstname: person.firstname,
    lastname: person.lastname,
    email: person.email,
    phoneNumber: person.phone ?? "",
    addressType: person.addressType,
    location: person.location,
    longitude: person.longitude ?? "",
    latitude: person.latitude ?? "",
  };
  return (
    <Form method="post" {...form} className="mt-4 flex flex-col gap-1">
      <AgentFields field={field} mapsApiKey={mapsApiKey} record={record} answered={Boolean(lastResult)} />
      <ErrorBox errors={formErrors} />
      <div className="mt-2 flex flex-wrap gap-3">
        <SubmitButton intent="update" pendingText="Saving...">
          Save Changes
        </SubmitButton>
        <Link
          to={`/agents/${agent.id}`}
          className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium hover:bg-slate-100"
        >
          Cancel Edit
        </Link>
      </div>
    </Form>
  );
}

function agentDetails(agent: AgentRecord): [string, React.ReactNode][] {
  const person = agent.user;
  return [
    ["Agent Number", String(agent.agentId)],
    ["First Name", person.firstname],
    ["Last Name", person.lastname],
    ["Email", person.email],
    ["Phone Number", person.phone ?? "N/A"],
    ["Location", person.location],
    ["Address Type", capitalise(person.addressType.toLowerCase())],
    [
      "Coordinates",
      person.latitude !== null && person.longitude !== null
        ? `${person.latitude}, ${person.longitude}`
        : "N/A",
    ],
    ["Email Verified", person.emailVerified ? "Yes" : "No"],
    ["Agent Since", formatDate(agent.createdAt)],
  ];
}

export default function AgentRoute() {
  const { agent, can, editing, mapsApiKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const barred = agent.user.status === "barred";
  return (
    <div className="flex flex-col gap-4">
      <ActionToast toast={actionData?.toast} />
      <Link to="/agents/all" className="text-sm text-brand-700 hover:underline">
        ← All agents
      </Link>
      <section
        aria-labelledby="agent-name"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="agent-name" className="text-lg font-semibold">
              {fullName(agent.user)}
            </h2>
            <AgentStatusPill status={agent.user.status} />
          </div>
          {can.write && !editing ? (
            <div className="flex flex-wrap gap-2">
              <Link
                to="?mode=edit"
                className="rounded-full border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100"
              >
                Edit Agent
              </Link>
              <Form method="post">
                <SubmitButton
                  intent={barred ? "unbar" : "bar"}
                  tone={barred ? "primary" : "danger"}
                  pendingText={barred ? "Unbarring..." : "Barring..."}
                  className="py-2"
                >
                  {barred ? "Unbar Agent" : "Bar Agent"}
                </SubmitButton>
              </Form>
            </div>
          ) : null}
        </header>
        {editing ? (
          <EditAgentForm agent={agent} mapsApiKey={mapsApiKey} lastResult={actionData?.result} />
        ) : (
          <DetailList rows={agentDetails(agent)} />
        )}
      </section>
      <section
        aria-labelledby="agent-figures"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="agent-figures" className="mb-3 text-lg font-semibold">
          Figures
        </h2>
        <AgentFigures agent={agent} />
        <p className="mt-3 text-xs text-slate-600">
          Sales and stock in the agent&apos;s possession are counted from the sales and inventory records.
        </p>
      </section>
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
