import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  TicketAssigneeFormSchema,
  TicketAssigneeListSchema,
  TicketCommentSchema,
  TicketDetailSchema,
  TicketStatusFormSchema,
} from "#backend/schemas/tickets";
import { apiRead, apiReadOrFailure, apiWrite } from "~/api.server";
import { requireUser } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";
import { statusLabel, ticketSection } from "./ticket-rules";

const ticketPath = (id: string | undefined) => `/v1/tickets/${encodeURIComponent(id ?? "")}` as const;

export async function ticketPageLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flags = canFlags(user, { write: "write:Tickets", manage: "manage:Tickets" });
  const [ticket, assignees] = await Promise.all([
    apiRead(request, ticketPath(params.ticketId), TicketDetailSchema),
    flags.write ? apiReadOrFailure(request, "/v1/tickets/assignees", TicketAssigneeListSchema) : null,
  ]);
  return {
    ticket,
    can: flags,
    assignees: assignees?.ok ? assignees.data.assignees : null,
  };
}

export const TICKET_UPDATE_FAILED = "Ticket Update Failed: Internal Server Error";

/** A refusal names the form it answers, so only that form shows it (the page has three). */
function forForm(refusal: ReturnType<typeof invalidSubmission>, intent: string) {
  return data({ ...refusal.data, intent }, refusal.init ?? undefined);
}

const toastFor = (message: string | undefined) => message ?? TICKET_UPDATE_FAILED;

export async function ticketPageAction({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const page = `/${ticketSection(url.pathname)}/${encodeURIComponent(params.ticketId ?? "")}`;
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "status") {
    const submission = parseForm(formData, TicketStatusFormSchema);
    if (submission.status !== "success") return forForm(invalidSubmission(submission), intent);
    const answer = await apiWrite(
      request,
      { method: "PATCH", path: ticketPath(params.ticketId), body: submission.value },
      TicketDetailSchema,
    );
    if (!answer.ok) return forForm(rejectedSubmission(submission, answer.failure, { toastFor }), intent);
    return redirectWithSuccess(page, `Ticket moved to ${statusLabel(answer.data.status)}.`);
  }

  if (intent === "assign") {
    const submission = parseForm(formData, TicketAssigneeFormSchema);
    if (submission.status !== "success") return forForm(invalidSubmission(submission), intent);
    // Nobody chosen takes the ticket off whoever had it.
    const body = { assigneeId: submission.value.assigneeId ?? null };
    const answer = await apiWrite(
      request,
      { method: "PATCH", path: ticketPath(params.ticketId), body },
      TicketDetailSchema,
    );
    if (!answer.ok) return forForm(rejectedSubmission(submission, answer.failure, { toastFor }), intent);
    const { assigneeName } = answer.data;
    return redirectWithSuccess(
      page,
      assigneeName ? `Ticket assigned to ${assigneeName}.` : "Ticket unassigned.",
    );
  }

  if (intent === "comment") {
    const submission = parseForm(formData, TicketCommentSchema);
    if (submission.status !== "success") return forForm(invalidSubmission(submission), intent);
    const answer = await apiWrite(
      request,
      { method: "POST", path: `${ticketPath(params.ticketId)}/comments`, body: submission.value },
      TicketDetailSchema,
    );
    if (!answer.ok) return forForm(rejectedSubmission(submission, answer.failure, { toastFor }), intent);
    return redirectWithSuccess(page, "Comment added.");
  }

  return redirectWithError(page, "Unknown action");
}
