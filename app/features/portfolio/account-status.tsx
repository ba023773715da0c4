import { ACCOUNT_STATUS_LABELS } from "#backend/constants/portfolio";
import type { AccountStatus } from "#backend/constants/portfolio";

const TONES: Record<AccountStatus, string> = {
  ON_TIME: "bg-green-100 text-green-800",
  LATE: "bg-amber-100 text-amber-900",
  DEFAULTED: "bg-red-100 text-red-800",
  COMPLETED: "bg-sky-100 text-sky-900",
  CANCELLED: "bg-slate-100 text-slate-700",
  WRITTEN_OFF: "bg-slate-200 text-slate-800",
  REPOSSESSED: "bg-slate-200 text-slate-800",
};

export function AccountStatusPill({ status }: { status: AccountStatus }) {
  return (
    <span className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {ACCOUNT_STATUS_LABELS[status]}
    </span>
  );
}
