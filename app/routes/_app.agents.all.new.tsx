import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AgentRecordSchema, CreateAgentSchema } from "#backend/schemas/agents";
import { apiWrite } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { appConfig } from "~/config.server";
import { AgentFields } from "~/features/agents/agent-fields";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
} from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "New Agents — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { mapsApiKey: appConfig().mapsApiKey ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), CreateAgentSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWrite(
    request,
    { method: "POST", path: "/v1/agents/create", body: submission.value },
    AgentRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      toastFor: creationFailedToast("Agent Creation Failed: Internal Server Error"),
    });
  }
  return redirectWithSuccess(
    listHref("/agents/all", new URL(request.url).search),
    "Agent created successfully!",
  );
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
