import type { PaymentStatus, SaleStatus, ScheduleStatus } from "#backend/schemas/sales";
import { PAYMENT_STATUS_LABELS, SALE_STATUS_LABELS, SCHEDULE_STATUS_LABELS } from "./sale-labels";

const PILL = "inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** Completed is done (green); money expected is amber; nothing paid yet is grey; cancelled is red. */
const SALE_TONES: Record<SaleStatus, string> = {
  COMPLETED: "bg-green-100 text-green-800",
  IN_INSTALLMENT: "bg-amber-100 text-amber-900",
  UNPAID: "bg-slate-100 text-slate-800",
  CANCELLED: "bg-red-100 text-red-800",
};

export function SaleStatusPill({ status }: { status: SaleStatus }) {
  return <span className={`${PILL} ${SALE_TONES[status]}`}>{SALE_STATUS_LABELS[status]}</span>;
}

// Spec 001 §4's words. Money received is green whether or not a balance remains (incomplete); not yet
// confirmed (pending) is blue; only money that was not counted is red.
const PAYMENT_TONES: Record<PaymentStatus, string> = {
  COMPLETED: "bg-green-100 text-green-800",
  INCOMPLETE: "bg-emerald-50 text-emerald-800 ring-1 ring-inset ring-emerald-200",
  PENDING: "bg-sky-100 text-sky-900",
  MISMATCHED: "bg-red-100 text-red-800",
  FAILED: "bg-red-100 text-red-800",
  REFUND_DUE: "bg-red-100 text-red-800",
};

export function PaymentStatusPill({ status }: { status: PaymentStatus }) {
  return <span className={`${PILL} ${PAYMENT_TONES[status]}`}>{PAYMENT_STATUS_LABELS[status]}</span>;
}

const SCHEDULE_TONES: Record<ScheduleStatus, string> = {
  PAID: "bg-green-100 text-green-800",
  DUE: "bg-amber-100 text-amber-900",
  OVERDUE: "bg-red-100 text-red-800",
  UPCOMING: "bg-slate-100 text-slate-800",
};

export function ScheduleStatusPill({ status }: { status: ScheduleStatus }) {
  return <span className={`${PILL} ${SCHEDULE_TONES[status]}`}>{SCHEDULE_STATUS_LABELS[status]}</span>;
}
