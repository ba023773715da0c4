import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MessageSchema } from "#backend/schemas/errors";
import { PermissionListSchema, RoleListSchema } from "#backend/schemas/roles";
import { apiRead, apiWrite } from "~/api.server";
import { ROLE_PERMISSIONS_PAGE } from "~/features/roles/role-catalogue";
import { failureToast, saveRole } from "~/features/roles/role-editor.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";

const DeleteRoleSchema = z.object({});

async function findRole(request: Request, roleId: string | undefined) {
  const roles = await apiRead(request, "/v1/roles", RoleListSchema);
  const role = roles.find((item) => item.id === roleId);
  if (!role) throw new Response("Not Found", { status: 404 });
  return role;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const [role, permissions] = await Promise.all([
    findRole(request, params.roleId),
    apiRead(request, "/v1/permissions", PermissionListSchema),
  ]);
  return { role, permissions };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const roleId = params.roleId ?? "";
  const formData = await readFormData(request);
  if (formData.get("intent") === "delete") {
    const submission = parseForm(formData, DeleteRoleSchema);
    const answer = await apiWrite(
      request,
      { method: "DELETE", path: `/v1/roles/${encodeURIComponent(roleId)}` },
      MessageSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        toastFor: failureToast("Failed to delete role"),
      });
    }
    return redirectWithSuccess(ROLE_PERMISSIONS_PAGE, "Role deleted successfully!");
  }
  return saveRole(request, formData, roleId);
}
