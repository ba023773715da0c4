import { lagosDate } from "../schemas/dates";
import type { ScheduleStatus } from "../schemas/sales";
import { instalmentSchedule } from "./pricing";
import type { ItemPrice } from "./pricing";

// Monthly instalments fall on the sale's day of the month (the month's last day when it is shorter).
export type ScheduleLine = {
  number: number;
  dueDate: string;
  amountKobo: number;
  paidKobo: number;
  status: ScheduleStatus;
};

export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export function saleSchedule(
  saleCreatedAt: Date,
  items: Pick<ItemPrice, "totalKobo" | "initialPaymentKobo" | "monthlyPaymentKobo" | "installmentDuration">[],
  paidKobo: number,
  today: string = lagosDate(new Date()),
): ScheduleLine[] {
  const saleDay = lagosDate(saleCreatedAt);
  const byMonth = new Map<number, number>();
  for (const item of items) {
    for (const entry of instalmentSchedule(item as ItemPrice)) {
      byMonth.set(entry.monthsAfterSale, (byMonth.get(entry.monthsAfterSale) ?? 0) + entry.amountKobo);
    }
  }
  let unspent = paidKobo;
  const lines = [...byMonth.entries()]
    .sort(([a], [b]) => a - b)
    .map(([month, amountKobo]) => {
      const paid = Math.min(unspent, amountKobo);
      unspent -= paid;
      return { number: month, dueDate: addMonths(saleDay, month), amountKobo, paidKobo: paid };
    });
  return withStatuses(lines, today);
}

/** Paid, overdue, the next one due, or upcoming: read the same from a derived or a stored schedule. */
export function withStatuses(
  lines: Omit<ScheduleLine, "status">[],
  today: string = lagosDate(new Date()),
): ScheduleLine[] {
  let nextMarked = false;
  return lines.map((line) => {
    let status: ScheduleStatus;
    if (line.paidKobo >= line.amountKobo) status = "PAID";
    else if (line.dueDate < today) status = "OVERDUE";
    else if (!nextMarked) status = "DUE";
    else status = "UPCOMING";
    if (status === "DUE") nextMarked = true;
    return { ...line, status };
  });
}

/** Everything due by today and unpaid; when nothing is, the next instalment's unpaid part. */
export function amountDueNow(schedule: ScheduleLine[], today: string = lagosDate(new Date())): number {
  const unpaid = (line: ScheduleLine) => line.amountKobo - line.paidKobo;
  const dueByToday = schedule
    .filter((line) => line.dueDate <= today)
    .reduce((sum, line) => sum + unpaid(line), 0);
  if (dueByToday > 0) return dueByToday;
  const next = schedule.find((line) => unpaid(line) > 0);
  return next ? unpaid(next) : 0;
}
