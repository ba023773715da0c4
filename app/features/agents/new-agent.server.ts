import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AgentRecordSchema, CreateAgentSchema } from "#backend/schemas/agents";
import { appConfig } from "~/config.server";
import { requireUser } from "~/session.server";
import { createAction } from "~/utils/create-actions.server";

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
