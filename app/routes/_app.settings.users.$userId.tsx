import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { ActivityListSchema, RoleRecordSchema, UserRecordSchema } from "#backend/schemas/records";
import { AssignRoleSchema, ProfileFormSchema } from "#backend/schemas/users";
import { apiRead, apiReadOrFailure, apiWrite } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { ErrorPanel, describeRouteError } from "~/components/error-panel";
import { StaffPanel } from "~/features/staff-panel";
import { NOTHING_CHANGED } from "~/features/staff-profile-form";
import { DeleteConfirmationSchema, isConfirmed } from "~/features/staff-panel.schema";
import { requireUser } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import { changedFields } from "~/utils/changes";
import { capitalise, fullName } from "~/utils/format";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${fullName(data.staff)} — Staff — SolarDesk` : "Staff — SolarDesk" },
];

const MessageSchema = z.object({ message: z.string() });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = encodeURIComponent(params.userId ?? "");
  const [staff, roles, activity] = await Promise.all([
    apiRead(request, `/v1/users/single/${id}`, UserRecordSchema),
    apiReadOrFailure(request, "/v1/roles", z.array(RoleRecordSchema)),
    apiReadOrFailure(request, "/v1/activity", ActivityListSchema, { actorId: params.userId, limit: 20 }),
  ]);
  return {
    staff,
    roles: roles.ok ? roles.data.map((role) => ({ value: role.id, label: capitalise(role.role) })) : null,
    activity: activity.ok ? { entries: activity.data.activity, total: activity.data.total } : null,
  };
}

/** One action for the panel's forms, told apart by the submit button's `intent`. */
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
    const changes = changedFields(current, submission.value);
    if (Object.keys(changes).length === 0) {
      return invalidSubmission(submission, { formErrors: [NOTHING_CHANGED] });
    }
    const answer = await apiWrite(
      request,
      { method: "PATCH", path: `/v1/users/${id}`, body: changes },
      UserRecordSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
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
    return redirectWithSuccess(
      backToPanel,
      intent === "block" ? "User blocked successfully!" : "User unblocked successfully!",
    );
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
      console.warn(`Deleting staff ${params.userId} by ${me.id} failed: ${message ?? answer.failure.status}`);
      return redirectWithError(backToPanel, message ?? "Failed to delete user");
    }
    return redirectWithSuccess(backToList, "User deleted successfully!");
  }

  return redirectWithError(backToPanel, "Unknown action");
}

export default function StaffRoute() {
  const loaded = useLoaderData<typeof loader>();
  return <StaffPanel {...loaded} />;
}

/** Failures stay inside the panel; reading the record failing has its own words (spec 000 §8). */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const description = describeRouteError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const shown =
    description.kind === "forbidden" || notFound
      ? description
      : { ...description, lines: ["Failed to fetch staff information"] };
  return (
    <Drawer title="Staff" size="large" closeTo={listHref("/settings/users", location.search)}>
      <ErrorPanel description={shown} />
    </Drawer>
  );
}
