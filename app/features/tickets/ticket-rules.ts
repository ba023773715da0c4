import type { TicketStatus } from "#backend/constants/tickets";
import type { TicketEvent } from "#backend/schemas/tickets";
import { TICKET_TRANSITIONS } from "#backend/constants/tickets";
import { capitalise } from "~/utils/format";

/** `/support/*` and `/tickets/*` show the same screens; links stay under the prefix the user came by. */
export type TicketSection = "support" | "tickets";

export function ticketSection(pathname: string): TicketSection {
  return pathname === "/tickets" || pathname.startsWith("/tickets/") ? "tickets" : "support";
}

export const statusLabel = (status: TicketStatus) => capitalise(status);

// No `active` while nobody is assigned (assigning does that); nothing from `closed` without reopen rights.
export function statusChoices(
  ticket: { status: TicketStatus; assigneeId: string | null },
  mayManage: boolean,
): TicketStatus[] {
  if (ticket.status === "closed" && !mayManage) return [];
  return TICKET_TRANSITIONS[ticket.status].filter((to) => to !== "active" || ticket.assigneeId !== null);
}

const someone = (name: string | null) => name ?? "a former colleague";

export function describeTicketEvent(event: TicketEvent): string {
  switch (event.kind) {
    case "created":
      return "opened the ticket";
    case "status":
      return event.fromStatus && event.toStatus
        ? `moved it from ${statusLabel(event.fromStatus)} to ${statusLabel(event.toStatus)}`
        : "changed its status";
    case "assignee":
      if (!event.fromAssigneeId) return `assigned it to ${someone(event.toAssigneeName)}`;
      if (!event.toAssigneeId) return `took it off ${someone(event.fromAssigneeName)}`;
      return `reassigned it from ${someone(event.fromAssigneeName)} to ${someone(event.toAssigneeName)}`;
    case "comment":
      return "commented";
  }
}
