import type { PaymentStatus, SalePaymentRecord, SaleStatus, ScheduleStatus } from "#backend/schemas/sales";
import type { TokenKind } from "#backend/schemas/token-records";
import { isCounted } from "#backend/constants/payments";
import { formatNumber } from "~/utils/format";

export const SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  UNPAID: "Unpaid",
  IN_INSTALLMENT: "In Installment",
  COMPLETED: "Completed",
  CANCELLED: "Cancelled",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  COMPLETED: "Completed",
  INCOMPLETE: "Incomplete",
  PENDING: "Pending",
  MISMATCHED: "Mismatched",
  FAILED: "Failed",
  REFUND_DUE: "Refund due",
};

export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus, string> = {
  PAID: "Paid",
  DUE: "Due",
  OVERDUE: "Overdue",
  UPCOMING: "Upcoming",
};

export const TOKEN_KIND_LABELS: Record<TokenKind, string> = {
  ADD_TIME: "Add time",
  DISABLE_PAYG: "Unlock",
  SET_TIME: "Set time",
};

export const PAYMENT_METHOD_LABELS = { CASH: "Cash", ONLINE: "Online" } as const;

export const PAYMENT_MODE_LABELS = { ONE_OFF: "Single Deposit", INSTALLMENT: "Installment" } as const;

/** Money that moved the balance: MISMATCHED and REFUND_DUE are recorded but never counted. */
export function uncountedReason(status: PaymentStatus): string | null {
  if (status === "MISMATCHED") return "Amount paid differs from the amount due: not counted";
  if (status === "REFUND_DUE") return "Arrived after the sale was cancelled or paid: to be refunded";
  return null;
}

/** The total less every counted payment up to and including `paymentId`, in recorded order. */
export function balanceAfter(
  sale: { totalPrice: number; payments: Pick<SalePaymentRecord, "id" | "amount" | "status" | "createdAt">[] },
  paymentId: string,
): number | null {
  const ordered = [...sale.payments].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const index = ordered.findIndex((payment) => payment.id === paymentId);
  if (index === -1) return null;
  const paidKobo = ordered
    .slice(0, index + 1)
    .filter((payment) => isCounted(payment.status))
    .reduce((sum, payment) => sum + Math.round(payment.amount * 100), 0);
  return Math.max(0, Math.round(sale.totalPrice * 100) - paidKobo) / 100;
}

export function cashPaymentStatus(amount: number, balance: number): "COMPLETED" | "INCOMPLETE" {
  return Math.round(amount * 100) >= Math.round(balance * 100) ? "COMPLETED" : "INCOMPLETE";
}

/** An amount field's starting value, written as everywhere else ("1,061.44"); the schema reads the commas. */
export function amountFieldValue(amount: number) {
  return formatNumber(Math.round(amount * 100) / 100);
}

export function takesPayment(sale: { status: SaleStatus; balance: number }) {
  return sale.status !== "CANCELLED" && sale.balance > 0;
}
