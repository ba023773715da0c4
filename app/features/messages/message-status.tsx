import { MESSAGE_STATUS_LABELS } from "#backend/constants/message-status";
import type { MessageStatus } from "#backend/constants/message-status";
import type { MessageRecord } from "#backend/schemas/messages";

/** What the sale page shows beside a token: the message that carried it. */
export type TokenMessage = Pick<MessageRecord, "id" | "status" | "error" | "channel" | "recipient">;

const TONES: Record<MessageStatus, string> = {
  QUEUED: "bg-slate-100 text-slate-800",
  SENT: "bg-blue-100 text-blue-800",
  DELIVERED: "bg-green-100 text-green-800",
  FAILED: "bg-red-100 text-red-800",
  REJECTED: "bg-red-100 text-red-800",
  CANCELLED: "bg-amber-100 text-amber-900",
};

export function MessageStatusPill({ status }: { status: MessageStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {MESSAGE_STATUS_LABELS[status]}
    </span>
  );
}
