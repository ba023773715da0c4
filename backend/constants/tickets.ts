// Values the browser shares with the API, free of zod so that pages needing only these stay small.

export const TICKET_TYPES = ["question", "problem", "feature", "other"] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TICKET_PRIORITIES = ["low", "medium", "high"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
/** open: new, nobody on it; active: assigned and being worked; resolved; closed (docs/decisions/016). */
export const TICKET_STATUSES = ["open", "active", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_EVENT_KINDS = ["created", "status", "assignee", "comment"] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/** Moving to `active` also needs an assignee; reopening a closed ticket needs `manage:Tickets`. */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  open: ["active", "closed"],
  active: ["open", "resolved"],
  resolved: ["closed", "open", "active"],
  closed: ["open", "active"],
};

export function canMoveTicket(from: TicketStatus, to: TicketStatus) {
  return TICKET_TRANSITIONS[from].includes(to);
}
