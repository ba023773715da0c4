import { eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { AppDb } from "../db/client";
import { salePayments, sales } from "../db/schema";
import { koboToNaira, nairaToKobo } from "../schemas/money";
import type { PaymentProviderName } from "../schemas/payments";
import type { CashPaymentInput, PaymentMethod, PaymentStatus, SaleStatus } from "../schemas/sales";
import { auditInsert, recordAudit } from "./audit";
import type { Actor, StaffActor } from "./audit";
import { issueTokensForPayment } from "./device-tokens";
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
export type LockedSale = {
  id: string;
  customerId: string;
  number: number;
  status: SaleStatus;
  totalKobo: number;
  paidKobo: number;
  dueNowKobo: number;
  totalMonthlyKobo: number;
  termsFromKobo: number | null;
};

export async function lockSale(tx: AppDb, saleId: string): Promise<LockedSale> {
  const [sale] = await tx
    .select({
      id: sales.id,
      customerId: sales.customerId,
      number: sales.number,
      status: sales.status,
      totalKobo: sales.totalKobo,
      paidKobo: sales.paidKobo,
      dueNowKobo: sales.dueNowKobo,
      totalMonthlyKobo: sales.totalMonthlyKobo,
      termsFromKobo: sales.termsFromKobo,
    })
    .from(sales)
    .where(eq(sales.id, saleId))
    .for("update");
  if (!sale) throw notFound(SALE_NOT_FOUND);
  return sale;
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
  const base = {
    saleId: sale.id,
    method: incoming.method,
    amountKobo: incoming.amountKobo,
    reference: incoming.reference,
    provider: incoming.provider ?? null,
    providerTransactionId: incoming.providerTransactionId ?? null,
    recordedBy: actor.userId,
  };
  if (sale.status === "CANCELLED" || sale.paidKobo >= sale.totalKobo) {
    const why = sale.status === "CANCELLED" ? "the sale was cancelled" : "the sale was already paid";
    const [payment] = await tx
      .insert(salePayments)
      .values({ ...base, status: "REFUND_DUE", notes: `Arrived after ${why}: to be refunded` })
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
  const after = sale.paidKobo + incoming.amountKobo;
  const status = paymentStatusAfter(after, sale.totalKobo);
  const [payment] = await tx
    .insert(salePayments)
    .values({ ...base, status, notes: incoming.notes ?? null })
    .returning({ id: salePayments.id });
  // Tokens first: the sale's update then refreshes the account once, with the payment and its tokens
  // (a payment's tokens leave that to it, migration 0029).
  const tokens = await issueTokensForPayment(
    tx,
    { id: payment.id, saleId: sale.id, before: sale.paidKobo, after, sale },
    actor,
  );
  await tx
    .update(sales)
    .set({
      paidKobo: sql`${sales.paidKobo} + ${incoming.amountKobo}`,
      status: statusAfterPayment(after, sale.totalKobo),
    })
    .where(eq(sales.id, sale.id));
  // The message's row goes in the statement of the audit row.
  const audit = auditInsert(tx, actor, [
    {
      action: "record-payment",
      subject: "Sales",
      recordId: sale.id,
      summary: `Recorded ${incoming.method === "CASH" ? "a cash" : "an online"} payment of ${formatNaira(incoming.amountKobo)} for sale ${saleNumberText(sale.number)}`,
      changes: { paymentId: payment.id, amountKobo: incoming.amountKobo, tokens: tokens.length },
    },
  ]);
  await queuePaymentMessage(
    tx,
    {
      saleId: sale.id,
      customerId: sale.customerId,
      paymentId: payment.id,
      method: incoming.method,
      amountKobo: incoming.amountKobo,
      beforeKobo: sale.paidKobo,
      afterKobo: after,
      totalKobo: sale.totalKobo,
      tokens,
      actorId: actor.userId,
    },
    audit,
  );
  return { paymentId: payment.id, status, tokens };
}

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
