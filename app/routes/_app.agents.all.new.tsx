import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AgentRecordSchema, CreateAgentSchema } from "#backend/schemas/agents";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { appConfig } from "~/config.server";
import { AgentFields } from "~/features/agents/agent-fields";
import { requireUser } from "~/session.server";
import { createAction } from "~/utils/create-actions.server";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "New Agents — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { mapsApiKey: appConfig().mapsApiKey ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return createAction(request, {
    form: CreateAgentSchema,
    path: "/v1/agents/create",
    answer: AgentRecordSchema,
    failureToast: "Agent Creation Failed: Internal Server Error",
    done: { list: "/agents/all", message: "Agent created successfully!" },
  });
}

export default function NewAgentRoute() {
  const { mapsApiKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    schema: CreateAgentSchema,
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
