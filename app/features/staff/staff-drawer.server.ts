import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ActivityListSchema } from "#backend/schemas/activity";
import { MessageSchema } from "#backend/schemas/errors";
import { RoleListSchema } from "#backend/schemas/roles";
import type { UserRecord } from "#backend/schemas/users";
import { AssignRoleSchema, ProfileFormSchema, UserRecordSchema } from "#backend/schemas/users";
import { apiRead, apiReadOrFailure, apiWrite } from "~/api.server";
import type { StaffPanelAbilities } from "~/features/staff/staff-panel";
import { NOTHING_CHANGED, profileChanges } from "~/features/staff/staff-profile-form";
import { DeleteConfirmationSchema, isConfirmed } from "~/features/staff/staff-panel.schema";
import { requireUser } from "~/session.server";
import type { SessionUser } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import { capitalise } from "~/utils/format";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";
import { can } from "~/utils/permissions";
import { log } from "#backend/log";

// Never to oneself (blocking or deleting oneself is refused); to an administrator only as one (decision 011).
function abilities(me: SessionUser, staff: UserRecord): StaffPanelAbilities {
  const own = me.id === staff.id;
  const targetIsAdmin = staff.role.permissions.some(
    (permission) => permission.action === "manage" && permission.subject === "all",
  );
  const allowedOnTarget = own || !targetIsAdmin || can(me, "manage:all");
  return {
    edit: allowedOnTarget && can(me, "write:Users"),
    block: !own && allowedOnTarget && can(me, "write:Users"),
    delete: !own && allowedOnTarget && can(me, "delete:Users"),
    designate: !own && allowedOnTarget && can(me, "write:Roles"),
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await requireUser(request);
  const id = encodeURIComponent(params.userId ?? "");
  const [staff, roles, activity] = await Promise.all([
    apiRead(request, `/v1/users/single/${id}`, UserRecordSchema),
    apiReadOrFailure(request, "/v1/roles", RoleListSchema),
    apiReadOrFailure(request, "/v1/activity", ActivityListSchema, { actorId: params.userId, limit: 20 }),
  ]);
  return {
    staff,
    roles: roles.ok ? roles.data.map((role) => ({ value: role.id, label: capitalise(role.role) })) : null,
    activity: activity.ok ? { entries: activity.data.activity, total: activity.data.total } : null,
    may: abilities(me, staff),
    own: me.id === staff.id,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const me = await requireUser(request);
  const id = encodeURIComponent(params.userId ?? "");
  const url = new URL(request.url);
  const backToList = listHref("/settings/users", url.search);
  const backToPanel = listHref(`/settings/users/${id}`, url.search);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "update") {
    const submission = parseForm(formData, ProfileFormSchema);
    if (submission.status !== "success") return invalidSubmission(submission);
    const current = await apiRead(request, `/v1/users/single/${id}`, UserRecordSchema);
    const changes = profileChanges(current, submission.value);
    if (Object.keys(changes).length === 0) {
      return invalidSubmission(submission, {
        formErrors: [NOTHING_CHANGED],
        hideFields: ["currentPassword"],
      });
    }
    const answer = await apiWrite(
      request,
      { method: "PATCH", path: `/v1/users/${id}`, body: changes },
      UserRecordSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        hideFields: ["currentPassword"],
        toastFor: (message) => message ?? "Failed to update user: Internal Server Error",
      });
    }
    return redirectWithSuccess(backToPanel, "User updated successfully!");
  }

  if (intent === "designation") {
    const submission = parseForm(formData, AssignRoleSchema);
    if (submission.status !== "success") return invalidSubmission(submission);
    const answer = await apiWrite(
      request,
      { method: "POST", path: `/v1/roles/${id}/assign`, body: submission.value },
      MessageSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        toastFor: (message) => message ?? "Failed to update user designation: Internal Server Error",
      });
    }
    return redirectWithSuccess(backToPanel, "Designation updated successfully!");
  }

  if (intent === "block" || intent === "unblock") {
    const answer = await apiWrite(
      request,
      { method: "PATCH", path: `/v1/users/${id}`, body: { isBlocked: intent === "block" } },
      UserRecordSchema,
    );
    if (!answer.ok) {
      const [message] = [answer.failure.message].flat();
      return redirectWithError(backToPanel, message ?? "Failed to update user: Internal Server Error");
    }
    // The spec's text for both directions (spec 000 §7).
    return redirectWithSuccess(backToPanel, "User blocked successfully!");
  }

  if (intent === "delete") {
    const submission = parseForm(formData, DeleteConfirmationSchema);
    // Anything but 'yes' just closes the panel (spec 000 §4).
    if (submission.status !== "success" || !isConfirmed(submission.value.confirmation)) {
      return redirect(backToList);
    }
    const answer = await apiWrite(request, { method: "DELETE", path: `/v1/users/${id}` }, MessageSchema);
    if (!answer.ok) {
      const [message] = [answer.failure.message].flat();
      log.warn(`Deleting staff ${params.userId} by ${me.id} failed: ${message ?? answer.failure.status}`);
      return redirectWithError(backToPanel, message ?? "Failed to delete user");
    }
    return redirectWithSuccess(backToList, "User deleted successfully!");
  }

  return redirectWithError(backToPanel, "Unknown action");
}
