import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { insertByUnnest } from "../db/bulk-insert";
import { salePayments, saleItems, sales } from "../db/schema";
import type { accountSchedule, accounts } from "../db/schema";
import type { Recipient } from "../schemas/sale-rules";
import type { PaymentMethod } from "../schemas/sale-rules";
import { insertOpened, monthEndsBetween, refreshAccounts } from "../services/loan-book";
import { ITEM_COLUMNS, PAYMENT_COLUMNS, SALE_COLUMNS } from "../services/sale-upload-write";
import { saleSchedule } from "../services/sale-schedule";
import { statusAfterPayment } from "../services/sale-payments";

// Writes installment sales with their payments straight into the tables, then opens them as accounts the
// way a sale does: the demo book, the benchmark's large book and the loan book's tests share it.

export type BookSale = {
  customerId: string;
  agentId?: string | null;
  productId: string;
  recipient: Recipient;
  /** Lagos calendar day of the sale. */
  saleDate: string;
  depositKobo: number;
  monthlyKobo: number;
  months: number;
  payments: { date: string; kobo: number; method?: PaymentMethod }[];
  cancelledOn?: string;
};

// Noon in Lagos: a moment that is the same calendar day in UTC and in Lagos.
const atNoon = (date: string, secondsLater = 0) =>
  new Date(Date.parse(`${date}T11:00:00Z`) + secondsLater * 1000);

export async function writeBook(db: AppDb, book: readonly BookSale[], today: string): Promise<string[]> {
  const saleRows: Record<string, unknown>[] = [];
  const itemRows: Record<string, unknown>[] = [];
  const paymentRows: Record<string, unknown>[] = [];
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const scheduleRows: (typeof accountSchedule.$inferInsert)[] = [];
  for (const sale of book) {
    const id = randomUUID();
    const totalKobo = sale.depositKobo + sale.monthlyKobo * sale.months;
    const createdAt = atNoon(sale.saleDate);
    const payments = [...sale.payments].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    let paid = 0;
    for (const [index, payment] of payments.entries()) {
      paid += payment.kobo;
      paymentRows.push({
        id: randomUUID(),
        saleId: id,
        method: payment.method ?? "CASH",
        amountKobo: payment.kobo,
        status: paid >= totalKobo ? "COMPLETED" : "INCOMPLETE",
        reference: `book-${id.slice(0, 8)}-${index}`,
        notes: null,
        recordedBy: null,
        createdAt: atNoon(payment.date, index),
      });
    }
    saleRows.push({
      id,
      customerId: sale.customerId,
      agentId: sale.agentId ?? null,
      status: sale.cancelledOn ? "CANCELLED" : statusAfterPayment(paid, totalKobo),
      paymentMethod: payments[0]?.method ?? "CASH",
      applyMargin: false,
      outrightMarginBps: 0,
      loanMarginBps: 0,
      monthlyInterestBps: 0,
      hasContract: false,
      totalKobo,
      dueNowKobo: sale.depositKobo,
      totalMonthlyKobo: sale.monthlyKobo,
      installmentMonths: sale.months,
      paidKobo: paid,
      creatorId: null,
      uploadId: null,
      createdAt,
      updatedAt: createdAt,
    });
    const item = {
      paymentMode: "INSTALLMENT" as const,
      totalKobo,
      initialPaymentKobo: sale.depositKobo,
      monthlyPaymentKobo: sale.monthlyKobo,
      installmentDuration: sale.months,
    };
    itemRows.push({
      ...item,
      id: randomUUID(),
      saleId: id,
      productId: sale.productId,
      quantity: 1,
      discountBps: 0,
      installmentStartingBps: Math.round((sale.depositKobo * 10_000) / totalKobo),
      miscellaneous: [],
      recipient: sale.recipient,
      baseKobo: totalKobo,
      discountKobo: 0,
      miscellaneousKobo: 0,
      interestKobo: 0,
      marginKobo: 0,
    });
    let cumulative = 0;
    const schedule = saleSchedule(createdAt, [item], 0, today);
    for (const line of schedule) {
      cumulative += line.amountKobo;
      scheduleRows.push({
        saleId: id,
        number: line.number,
        dueDate: line.dueDate,
        amountKobo: line.amountKobo,
        cumulativeKobo: cumulative,
      });
    }
    accountRows.push({
      saleId: id,
      customerId: sale.customerId,
      agentId: sale.agentId ?? null,
      saleDate: sale.saleDate,
      totalKobo,
      depositKobo: sale.depositKobo,
      firstDueDate: schedule.find((line) => line.number === 1)?.dueDate ?? null,
      firstDueKobo: schedule.find((line) => line.number === 1)?.amountKobo ?? 0,
      asOf: today,
      backfilled: monthEndsBetween(sale.saleDate, today).length === 0,
    });
  }
  await db.transaction(async (tx) => {
    await insertByUnnest(tx, sales, SALE_COLUMNS, saleRows);
    // Cancelled on its own day, which the bulk insert's columns do not carry.
    for (const [index, sale] of book.entries()) {
      if (!sale.cancelledOn) continue;
      await tx
        .update(sales)
        .set({ cancelledAt: atNoon(sale.cancelledOn), cancelReason: "Cancelled" })
        .where(eq(sales.id, String(saleRows[index].id)));
    }
    await insertByUnnest(tx, saleItems, ITEM_COLUMNS, itemRows);
    await insertByUnnest(tx, salePayments, PAYMENT_COLUMNS, paymentRows);
    await insertOpened(tx, accountRows, scheduleRows);
    await refreshAccounts(
      tx,
      accountRows.map((row) => row.saleId),
      today,
    );
  });
  return accountRows.map((row) => row.saleId);
}
