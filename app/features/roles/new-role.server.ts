import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PermissionListSchema } from "#backend/schemas/roles";
import { apiRead } from "~/api.server";
import { saveRole } from "~/features/roles/role-editor.server";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { permissions: await apiRead(request, "/v1/permissions", PermissionListSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return saveRole(request, await readFormData(request));
}
