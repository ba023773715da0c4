import { eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { AppDb } from "../db/client";
import { salePayments, sales } from "../db/schema";
import { koboToNaira, nairaToKobo } from "../schemas/money";
import type { CashPaymentInput, PaymentStatus, SaleStatus } from "../schemas/sales";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { invalidField, isUniqueViolation, notFound } from "./errors";
import { SALE_NOT_FOUND, getSale } from "./sale-records";

export const SALE_CANCELLED = "This sale was cancelled: no payment can be recorded for it";
export const SALE_PAID = "This sale is already fully paid";
export const ONLINE_NEEDS_VERIFICATION =
  "Online payments are recorded when the payment provider confirms them";

/** A sale's status after `paidKobo` of `totalKobo` has been received (docs/decisions/018). */
export function statusAfterPayment(paidKobo: number, totalKobo: number): SaleStatus {
  if (paidKobo >= totalKobo) return "COMPLETED";
  return paidKobo > 0 ? "IN_INSTALLMENT" : "UNPAID";
}

/** A payment's status: COMPLETED when it makes the sale fully paid, INCOMPLETE otherwise. */
export const paymentStatusAfter = (paidKobo: number, totalKobo: number): PaymentStatus =>
  paidKobo >= totalKobo ? "COMPLETED" : "INCOMPLETE";

/**
 * Records cash received for a sale: any amount above 0 up to the balance (spec §5 cash form, issue text).
 * The sale row is locked for the while, so two clerks recording the last instalment at once cannot pay
 * it twice. The sale's status follows the money.
 */
export async function recordCashPayment(db: AppDb, actor: StaffActor, input: CashPaymentInput) {
  if (input.paymentMethod !== "CASH") throw invalidField("paymentMethod", ONLINE_NEEDS_VERIFICATION);
  const amountKobo = nairaToKobo(input.amount);
  const paymentId = await db
    .transaction(async (tx) => {
      const [sale] = await tx
        .select({ id: sales.id, status: sales.status, totalKobo: sales.totalKobo, paidKobo: sales.paidKobo })
        .from(sales)
        .where(eq(sales.id, input.saleId))
        .for("update");
      if (!sale) throw notFound(SALE_NOT_FOUND);
      if (sale.status === "CANCELLED") throw invalidField("amount", SALE_CANCELLED);
      const balance = sale.totalKobo - sale.paidKobo;
      if (balance <= 0) throw invalidField("amount", SALE_PAID);
      if (amountKobo > balance) {
        throw invalidField(
          "amount",
          `The amount is more than the balance of ₦${koboToNaira(balance).toLocaleString("en-NG", { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`,
        );
      }
      const paidKobo = sale.paidKobo + amountKobo;
      const [payment] = await tx
        .insert(salePayments)
        .values({
          saleId: sale.id,
          method: "CASH",
          amountKobo,
          status: paymentStatusAfter(paidKobo, sale.totalKobo),
          reference:
            input.reference ||
            `cash-${sale.id.slice(0, 8)}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`,
          notes: input.notes ?? null,
          recordedBy: actor.userId,
        })
        .returning({ id: salePayments.id });
      await tx
        .update(sales)
        .set({
          paidKobo: sql`${sales.paidKobo} + ${amountKobo}`,
          status: statusAfterPayment(paidKobo, sale.totalKobo),
        })
        .where(eq(sales.id, sale.id));
      await recordAudit(tx, actor, {
        action: "record-payment",
        subject: "Sales",
        recordId: sale.id,
        summary: `Recorded a cash payment of ₦${koboToNaira(amountKobo).toLocaleString("en-NG")} for sale ${sale.id.slice(0, 8)}`,
        changes: { paymentId: payment.id, amountKobo },
      });
      return payment.id;
    })
    .catch((error: unknown) => {
      // A reference given twice is the same payment sent twice: refused like any field problem.
      throw isUniqueViolation(error)
        ? invalidField("reference", "This payment reference was already recorded")
        : error;
    });
  const sale = await getSale(db, input.saleId, actor);
  const payment = sale.payments.find((candidate) => candidate.id === paymentId);
  if (!payment) throw new Error(`Payment ${paymentId} vanished after being recorded`);
  return { payment, sale };
}
