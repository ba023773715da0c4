import { RoleFormSchema, RoleWithCountSchema } from "#backend/schemas/roles";
import { apiWrite } from "~/api.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, rejectedSubmission } from "~/utils/forms.server";
import { ROLE_PERMISSIONS_PAGE } from "./role-catalogue";

/** The server's words (field messages come without their `field:` prefix), else the screen's fallback. */
export const failureToast = (fallback: string) => (message: string | undefined) => message ?? fallback;

export async function saveRole(request: Request, formData: FormData, roleId?: string) {
  const submission = parseForm(formData, RoleFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { role, permissionIds } = submission.value;
  const answer = roleId
    ? await apiWrite(
        request,
        {
          method: "PUT",
          path: `/v1/roles/${encodeURIComponent(roleId)}`,
          // An unticked checkbox sends nothing: no `active` means the box was cleared.
          body: { role, permissionIds, active: submission.value.active ?? false },
        },
        RoleWithCountSchema,
      )
    : await apiWrite(
        request,
        { method: "POST", path: "/v1/roles", body: { role, permissionIds } },
        RoleWithCountSchema,
      );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      toastFor: failureToast(
        roleId ? "Role update failed: Internal Server Error" : "Role creation failed: Internal Server Error",
      ),
    });
  }
  return redirectWithSuccess(
    ROLE_PERMISSIONS_PAGE,
    roleId ? "Role updated successfully!" : "Role created successfully!",
  );
}
