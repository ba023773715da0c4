import { isCounted } from "../constants/payments";
import type { PaymentStatus } from "../schemas/sales";
import type { ScheduleLine } from "./sale-schedule";

// A sale's statement (issue 26): every scheduled instalment and every payment received, in date order, with
// what is still owed and what is late after each line. On a day with both, the instalment falls due first.

export type StatementLine = {
  date: string;
  kind: "DUE" | "PAYMENT";
  /** "Deposit", "Installment 3 of 6", or the receipt number. */
  description: string;
  dueKobo: number;
  paidKobo: number;
  /** The sale's total less everything paid so far. */
  outstandingKobo: number;
  /** Everything due so far less everything paid so far, never below 0. */
  arrearsKobo: number;
};

export function saleStatement(
  totalKobo: number,
  schedule: Pick<ScheduleLine, "number" | "dueDate" | "amountKobo">[],
  payments: { date: string; amountKobo: number; status: PaymentStatus; receiptNumber: string }[],
): StatementLine[] {
  const months = schedule.filter((line) => line.number > 0).length;
  const events = [
    ...schedule.map((line) => ({
      date: line.dueDate,
      order: 0,
      kind: "DUE" as const,
      description:
        line.number === 0 ? (months ? "Deposit" : "Price") : `Installment ${line.number} of ${months}`,
      dueKobo: line.amountKobo,
      paidKobo: 0,
    })),
    ...payments
      .filter((payment) => isCounted(payment.status))
      .map((payment) => ({
        date: payment.date,
        order: 1,
        kind: "PAYMENT" as const,
        description: `Payment ${payment.receiptNumber}`,
        dueKobo: 0,
        paidKobo: payment.amountKobo,
      })),
  ].sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? -1 : 1));
  let due = 0;
  let paid = 0;
  return events.map(({ order: _order, ...event }) => {
    due += event.dueKobo;
    paid += event.paidKobo;
    return { ...event, outstandingKobo: totalKobo - paid, arrearsKobo: Math.max(0, due - paid) };
  });
}
