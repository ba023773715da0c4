import { eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { AppDb } from "../db/client";
import { queryRows } from "../db/query-rows";
import { salePayments, sales } from "../db/schema";
import { koboToNaira, nairaToKobo } from "../schemas/money";
import type { PaymentProviderName } from "../schemas/payments";
import { SALE_STATUSES } from "../schemas/sales";
import type { CashPaymentInput, PaymentMethod, PaymentStatus, SaleStatus } from "../schemas/sales";
import { auditInsert, recordAudit } from "./audit";
import type { Actor, StaffActor } from "./audit";
import { issueTokensForPayment } from "./device-tokens";
import { SaleParties } from "./messaging/outbox";
import { queuePaymentMessage } from "./messaging/triggers";
import { invalidField, isUniqueViolation, notFound } from "./errors";
import { SALE_NOT_FOUND, getSale } from "./sale-records";
import { formatNaira as nairaText } from "../constants/money";
import { saleNumberText } from "../constants/record-numbers";

export const SALE_CANCELLED = "This sale was cancelled: no payment can be recorded for it";
export const SALE_PAID = "This sale is already fully paid";
export const ONLINE_NEEDS_VERIFICATION =
  "Online payments are recorded when the payment provider confirms them";

export function statusAfterPayment(paidKobo: number, totalKobo: number): SaleStatus {
  if (paidKobo >= totalKobo) return "COMPLETED";
  return paidKobo > 0 ? "IN_INSTALLMENT" : "UNPAID";
}

export const paymentStatusAfter = (paidKobo: number, totalKobo: number): PaymentStatus =>
  paidKobo >= totalKobo ? "COMPLETED" : "INCOMPLETE";

/** Kobo written as the screens write naira. */
export const formatNaira = (kobo: number) => nairaText(koboToNaira(kobo));

/** A sale's money, locked for the rest of the transaction: two payments never read the same balance. */
export const LockedSaleRow = z.object({
  id: z.string(),
  customer_id: z.string(),
  number: z.coerce.number(),
  status: z.enum(SALE_STATUSES),
  total_kobo: z.coerce.number(),
  paid_kobo: z.coerce.number(),
  due_now_kobo: z.coerce.number(),
  total_monthly_kobo: z.coerce.number(),
  terms_from_kobo: z.coerce.number().nullable(),
});

export const lockedSaleMoney = (row: z.infer<typeof LockedSaleRow>) => ({
  id: row.id,
  customerId: row.customer_id,
  number: row.number,
  status: row.status,
  totalKobo: row.total_kobo,
  paidKobo: row.paid_kobo,
  dueNowKobo: row.due_now_kobo,
  totalMonthlyKobo: row.total_monthly_kobo,
  termsFromKobo: row.terms_from_kobo,
});
export type LockedSaleMoney = ReturnType<typeof lockedSaleMoney>;

export type LockedSale = LockedSaleMoney & {
  /** What the sale's messages draw on, read with the lock (decision 043). */
  parties: SaleParties;
};

export async function lockSale(tx: AppDb, saleId: string): Promise<LockedSale> {
  const [row] = await queryRows(
    tx,
    sql`select * from lock_sale(${saleId})`,
    LockedSaleRow.extend(SaleParties.shape),
  );
  if (!row) throw notFound(SALE_NOT_FOUND);
  return { ...lockedSaleMoney(row), parties: SaleParties.parse(row) };
}

export interface IncomingPayment {
  method: PaymentMethod;
  amountKobo: number;
  reference: string;
  provider?: PaymentProviderName;
  providerTransactionId?: string;
  notes?: string | null;
}

export type AppliedPayment = {
  paymentId: string;
  status: PaymentStatus;
  tokens: Awaited<ReturnType<typeof issueTokensForPayment>>;
};

// Money for a sale already cancelled or fully paid is never lost: it is recorded as REFUND_DUE, not counted.
export async function applyPayment(
  tx: AppDb,
  sale: LockedSale,
  incoming: IncomingPayment,
  actor: Actor,
): Promise<AppliedPayment> {
  if (sale.status === "CANCELLED" || sale.paidKobo >= sale.totalKobo) {
    const why = sale.status === "CANCELLED" ? "the sale was cancelled" : "the sale was already paid";
    const [payment] = await tx
      .insert(salePayments)
      .values({
        ...paymentBase(sale, incoming, actor),
        status: "REFUND_DUE",
        notes: `Arrived after ${why}: to be refunded`,
      })
      .returning({ id: salePayments.id });
    await recordAudit(tx, actor, {
      action: "record-payment",
      subject: "Sales",
      recordId: sale.id,
      summary: `Received ${formatNaira(incoming.amountKobo)} for sale ${saleNumberText(sale.number)} after ${why}: flagged for refund`,
      changes: { paymentId: payment.id, amountKobo: incoming.amountKobo, status: "REFUND_DUE" },
    });
    return { paymentId: payment.id, status: "REFUND_DUE", tokens: [] };
  }
  const counted = await countPayment(tx, sale, incoming, actor);
  await queuePaymentMessage(
    tx,
    sale,
    {
      customerId: sale.customerId,
      paymentId: counted.paymentId,
      method: incoming.method,
      amountKobo: incoming.amountKobo,
      beforeKobo: sale.paidKobo,
      afterKobo: counted.afterKobo,
      totalKobo: sale.totalKobo,
      tokens: counted.tokens,
      actorId: actor.userId,
    },
    // The message's row goes in the statement of the audit row.
    counted.audit,
  );
  return { paymentId: counted.paymentId, status: counted.status, tokens: counted.tokens };
}

/**
 * A payment that counts, all but telling the customer: its row, the tokens it buys, the sale's paid total
 * (which refreshes the account), and its audit row still to write, with the message (applyPayment) or
 * alone (the benchmark's payment without its message).
 */
export async function countPayment(
  tx: AppDb,
  sale: LockedSaleMoney,
  incoming: IncomingPayment,
  actor: Actor,
) {
  const afterKobo = sale.paidKobo + incoming.amountKobo;
  const status = paymentStatusAfter(afterKobo, sale.totalKobo);
  const [payment] = await tx
    .insert(salePayments)
    .values({ ...paymentBase(sale, incoming, actor), status, notes: incoming.notes ?? null })
    .returning({ id: salePayments.id });
  // Tokens first: the sale's update then refreshes the account once, with the payment and its tokens
  // (a payment's tokens leave that to it, migration 0029).
  const tokens = await issueTokensForPayment(
    tx,
    { id: payment.id, saleId: sale.id, before: sale.paidKobo, after: afterKobo, sale },
    actor,
  );
  await tx
    .update(sales)
    .set({
      paidKobo: sql`${sales.paidKobo} + ${incoming.amountKobo}`,
      status: statusAfterPayment(afterKobo, sale.totalKobo),
    })
    .where(eq(sales.id, sale.id));
  const audit = auditInsert(tx, actor, [
    {
      action: "record-payment",
      subject: "Sales",
      recordId: sale.id,
      summary: `Recorded ${incoming.method === "CASH" ? "a cash" : "an online"} payment of ${formatNaira(incoming.amountKobo)} for sale ${saleNumberText(sale.number)}`,
      changes: { paymentId: payment.id, amountKobo: incoming.amountKobo, tokens: tokens.length },
    },
  ]);
  return { paymentId: payment.id, status, afterKobo, tokens, audit };
}

const paymentBase = (sale: LockedSaleMoney, incoming: IncomingPayment, actor: Actor) => ({
  saleId: sale.id,
  method: incoming.method,
  amountKobo: incoming.amountKobo,
  reference: incoming.reference,
  provider: incoming.provider ?? null,
  providerTransactionId: incoming.providerTransactionId ?? null,
  recordedBy: actor.userId,
});

// The sale row is locked, so two clerks recording the last instalment at once cannot pay it twice.
export async function recordCashPayment(db: AppDb, actor: StaffActor, input: CashPaymentInput) {
  const amountKobo = nairaToKobo(input.amount);
  const applied = await db
    .transaction(async (tx) => {
      const sale = await lockSale(tx, input.saleId);
      if (sale.status === "CANCELLED") throw invalidField("amount", SALE_CANCELLED);
      const balance = sale.totalKobo - sale.paidKobo;
      if (balance <= 0) throw invalidField("amount", SALE_PAID);
      if (amountKobo > balance) {
        throw invalidField("amount", `The amount is more than the balance of ${formatNaira(balance)}`);
      }
      return applyPayment(
        tx,
        sale,
        {
          method: "CASH",
          amountKobo,
          reference:
            input.reference ||
            `cash-${sale.id.slice(0, 8)}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`,
          notes: input.notes ?? null,
        },
        actor,
      );
    })
    .catch((error: unknown) => {
      // A reference given twice is the same payment sent twice: refused like any field problem.
      throw isUniqueViolation(error)
        ? invalidField("reference", "This payment reference was already recorded")
        : error;
    });
  return paymentAnswer(db, input.saleId, applied.paymentId, actor);
}

export async function paymentAnswer(
  db: AppDb,
  saleId: string,
  paymentId: string,
  viewer: Pick<StaffActor, "permissions">,
) {
  const sale = await getSale(db, saleId, viewer);
  const payment = sale.payments.find((candidate) => candidate.id === paymentId);
  if (!payment) throw new Error(`Payment ${paymentId} vanished after being recorded`);
  return { payment, sale };
}
