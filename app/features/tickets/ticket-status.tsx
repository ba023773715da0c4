import type { TicketStatus } from "#backend/constants/tickets";
import { statusLabel } from "./ticket-rules";

/** Open waits for someone, active is being worked, resolved is done, closed is over. */
const TONES: Record<TicketStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  active: "bg-sky-100 text-sky-900",
  resolved: "bg-green-100 text-green-800",
  closed: "bg-slate-100 text-slate-700",
};

export function TicketStatusPill({ status }: { status: TicketStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {statusLabel(status)}
    </span>
  );
}
