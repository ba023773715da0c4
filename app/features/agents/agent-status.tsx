import { capitalise } from "~/utils/format";

export type StatusTone = "success" | "error" | "neutral";

/** Spec 001 §4: an active agent shows as success, a barred one as error, anything else neutral. */
export function agentStatusTone(status: string): StatusTone {
  if (status === "active") return "success";
  if (status === "barred") return "error";
  return "neutral";
}

const PILL: Record<StatusTone, string> = {
  success: "bg-green-100 text-green-800",
  error: "bg-red-100 text-red-800",
  neutral: "bg-slate-100 text-slate-700",
};

export function AgentStatusPill({ status }: { status: string }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${PILL[agentStatusTone(status)]}`}>
      {capitalise(status)}
    </span>
  );
}
