import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { AgentFields } from "~/features/agents/agent-fields";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/agents/new-agent.server";

export { action, loader } from "~/features/agents/new-agent.server";

const loadCreateAgentSchema = () =>
  import("#backend/schemas/agents").then((module) => module.CreateAgentSchema);

export const meta: MetaFunction = () => [{ title: "New Agents — SolarDesk" }];

export default function NewAgentRoute() {
  const { mapsApiKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadCreateAgentSchema,
    lastResult: actionData?.result,
  });
  return (
    <Drawer title="New Agents" size="medium" closeTo={listHref("/agents/all", location.search)}>
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <AgentFields field={field} mapsApiKey={mapsApiKey} answered={Boolean(actionData)} />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Creating..." className="mt-2">
          Create Agent
        </SubmitButton>
      </Form>
    </Drawer>
  );
}
