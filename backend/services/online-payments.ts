import { and, eq } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { paymentCheckouts, salePayments, sandboxTransactions } from "../db/schema";
import type { PaymentCheckoutRow } from "../db/schema";
import type { Mailer } from "../mail";
import { koboToNaira, nairaToKobo } from "../schemas/money";
import { CURRENCY, MISMATCH_MESSAGE, NOT_SUCCESSFUL_MESSAGE, REFERENCE_TAKEN } from "../schemas/payments";
import { NO_EMAIL_FOR_CARD, VERIFIED_BALANCE_REMAINS, VERIFIED_PAID_IN_FULL } from "../constants/payments";
import { saleNumberText } from "../constants/record-numbers";
import type {
  CheckoutStatus,
  InitializePaymentInput,
  InitializedPayment,
  PaymentProviderName,
  SandboxCheckout,
  SandboxDecision,
  SandboxOutcome,
  Verification,
  VerifyCallbackQuery,
} from "../schemas/payments";
import type { CashPaymentInput } from "../schemas/sales";
import { recordAudit } from "./audit";
import type { Actor, StaffActor } from "./audit";
import { invalid, invalidField, notFound, unavailable } from "./errors";
import { ProviderUnavailable } from "./payment-providers";
import type { PaymentProvider, ProviderTransaction } from "./payment-providers";
import {
  ONLINE_NEEDS_VERIFICATION,
  SALE_CANCELLED,
  SALE_PAID,
  applyPayment,
  formatNaira,
  getSale,
  lockSale,
  paymentAnswer,
  paymentReference,
} from "./sales";
import type { AppliedPayment, LockedSale } from "./sales";
import { metrics } from "../metrics";

export const UNKNOWN_REFERENCE = (reference: string) => `No payment was started with reference ${reference}`;
export const OTHER_PAYMENT = "This transaction belongs to another payment";
export const NOT_CONFIRMED = "The payment provider has not confirmed this payment yet";

export interface PaymentContext {
  db: AppDb;
  provider: PaymentProvider;
  mailer: Mailer;
  appUrl: string;
}

// The provider being unreachable is a 502 with its reason, and nothing is recorded.
async function ask<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailable) {
      metrics.paymentProviderErrors.inc();
      throw unavailable(error.message);
    }
    throw error;
  }
}

// The checkout row keeps what we asked, to compare the provider's answer with it.
export async function initializePayment(
  context: PaymentContext,
  actor: StaffActor,
  input: InitializePaymentInput,
): Promise<InitializedPayment> {
  const { db, provider } = context;
  const sale = await getSale(db, input.saleId, actor);
  if (sale.status === "CANCELLED") throw invalidField("saleId", SALE_CANCELLED);
  const balanceKobo = nairaToKobo(sale.balance);
  if (balanceKobo <= 0) throw invalidField("saleId", SALE_PAID);
  const amountKobo = input.amount !== undefined ? nairaToKobo(input.amount) : nairaToKobo(sale.amountDueNow);
  if (amountKobo > balanceKobo) {
    throw invalidField("amount", `The amount is more than the balance of ${formatNaira(balanceKobo)}`);
  }
  if (amountKobo <= 0) throw invalidField("amount", "Nothing is due on this sale now");
  if (!sale.customer.email) throw invalidField("saleId", NO_EMAIL_FOR_CARD);
  const reference = input.reference ?? paymentReference(sale.id);
  const customer = {
    email: sale.customer.email,
    name: `${sale.customer.firstname} ${sale.customer.lastname}`,
    phone: sale.customer.phone,
  };
  const named = input.reference ? await checkoutByReference(db, input.reference) : null;
  if (
    named &&
    (named.saleId !== sale.id ||
      named.status !== "PENDING" ||
      named.amountKobo !== amountKobo ||
      named.provider !== provider.name)
  ) {
    throw invalidField("reference", REFERENCE_TAKEN);
  }
  // The same form sent twice (or Pay pressed again) reopens its checkout rather than starting another.
  const [checkout] = named
    ? [{ id: named.id }]
    : await db
        .insert(paymentCheckouts)
        .values({
          reference,
          saleId: sale.id,
          provider: provider.name,
          amountKobo,
          currency: CURRENCY,
          createdBy: actor.userId,
        })
        .onConflictDoNothing({ target: paymentCheckouts.reference })
        .returning({ id: paymentCheckouts.id });
  if (!checkout) throw invalidField("reference", REFERENCE_TAKEN);
  try {
    const { link } = await ask(() =>
      provider.createCheckout({
        reference,
        amountKobo,
        currency: CURRENCY,
        customer,
        redirectUrl: input.redirectUrl ?? `${context.appUrl}/sales/all`,
        description: `Payment for sale ${sale.id}`,
        meta: { saleId: sale.id, customerName: customer.name, phoneNumber: customer.phone },
      }),
    );
    return {
      link,
      reference,
      amount: koboToNaira(amountKobo),
      currency: CURRENCY,
      provider: provider.name,
      publicKey: provider.publicKey,
      saleId: sale.id,
      customer,
    };
  } catch (error) {
    await db.update(paymentCheckouts).set({ status: "FAILED" }).where(eq(paymentCheckouts.id, checkout.id));
    throw error;
  }
}

async function checkoutByReference(db: AppDb, reference: string) {
  const [checkout] = await db
    .select()
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.reference, reference))
    .limit(1);
  return checkout ?? null;
}

/** The same answer however often it is asked. */
async function answerForRecorded(db: AppDb, checkout: PaymentCheckoutRow): Promise<Verification> {
  const [payment] = await db
    .select({ id: salePayments.id, status: salePayments.status, amountKobo: salePayments.amountKobo })
    .from(salePayments)
    .where(eq(salePayments.id, checkout.paymentId ?? ""));
  if (!payment || payment.status === "MISMATCHED") throw invalid(MISMATCH_MESSAGE);
  const base = {
    status: "success" as const,
    amount: koboToNaira(payment.amountKobo),
    reference: checkout.reference,
    saleId: checkout.saleId,
    paymentId: payment.id,
  };
  if (checkout.status === "MISMATCHED" && checkout.reportedAmountKobo !== null) {
    const reported = checkout.reportedAmountKobo;
    const kept = payment.status === "REFUND_DUE" ? 0 : payment.amountKobo;
    return {
      ...base,
      amount: koboToNaira(reported),
      paymentStatus: payment.status === "COMPLETED" ? "COMPLETED" : "INCOMPLETE",
      message: `Payment verified, but for ${formatNaira(reported)} instead of the ${formatNaira(checkout.amountKobo)} asked: ${formatNaira(kept)} is counted${reported > kept ? `, ${formatNaira(reported - kept)} is to be refunded` : ""}, and the payment is flagged for review on the sale`,
    };
  }
  if (payment.status === "REFUND_DUE") {
    return {
      ...base,
      paymentStatus: "INCOMPLETE",
      message:
        "The payment arrived after the sale was cancelled or paid: it is recorded and flagged for refund",
    };
  }
  return {
    ...base,
    paymentStatus: payment.status === "COMPLETED" ? "COMPLETED" : "INCOMPLETE",
    message: payment.status === "COMPLETED" ? VERIFIED_PAID_IN_FULL : VERIFIED_BALANCE_REMAINS,
  };
}

async function closeCheckout(db: AppDb, checkout: PaymentCheckoutRow, status: CheckoutStatus) {
  await db
    .update(paymentCheckouts)
    .set({ status })
    .where(and(eq(paymentCheckouts.id, checkout.id), eq(paymentCheckouts.status, "PENDING")));
}

// Exactly once however many times the callback, a reload or the webhook arrive, in any order (the row is
// locked while settled). A naira amount other than the one asked is counted and its checkout flagged
// (MISMATCHED); another currency is recorded and never counted.
type ReceivedOnline = {
  method: "ONLINE";
  reference: string;
  provider: PaymentProviderName;
  providerTransactionId: string;
};

async function countDifferentAmount(
  tx: AppDb,
  sale: LockedSale,
  checkout: PaymentCheckoutRow,
  transaction: ProviderTransaction,
  received: ReceivedOnline,
  actor: Actor,
): Promise<{ applied: AppliedPayment | null; paymentId: string }> {
  const open = sale.status === "CANCELLED" ? 0 : Math.max(0, sale.totalKobo - sale.paidKobo);
  const counted = Math.min(transaction.amountKobo, open);
  const excess = transaction.amountKobo - counted;
  const asked = `Asked ${formatNaira(checkout.amountKobo)}; the provider verified ${formatNaira(transaction.amountKobo)}`;
  let applied: AppliedPayment | null = null;
  if (counted > 0) {
    applied = await applyPayment(
      tx,
      sale,
      { ...received, amountKobo: counted, notes: `${asked}: counted as received` },
      actor,
    );
  }
  let refundId: string | null = null;
  if (excess > 0) {
    const [refund] = await tx
      .insert(salePayments)
      .values({
        ...received,
        // One row per reference: the part to give back is its own row.
        reference: counted > 0 ? `${received.reference}-over` : received.reference,
        providerTransactionId: counted > 0 ? null : received.providerTransactionId,
        saleId: sale.id,
        amountKobo: excess,
        status: "REFUND_DUE",
        notes: `${asked}: ${formatNaira(excess)} more than the sale's balance, to be refunded`,
        recordedBy: actor.userId,
      })
      .returning({ id: salePayments.id });
    refundId = refund.id;
  }
  await recordAudit(tx, actor, {
    action: "record-payment",
    subject: "Sales",
    recordId: sale.id,
    summary: `An online payment for sale ${saleNumberText(sale.number)} differs from the amount asked: ${formatNaira(counted)} counted${excess > 0 ? `, ${formatNaira(excess)} to be refunded` : ""}; flagged for review`,
    changes: {
      askedKobo: checkout.amountKobo,
      reportedKobo: transaction.amountKobo,
      countedKobo: counted,
      excessKobo: excess,
    },
  });
  return { applied, paymentId: applied?.paymentId ?? refundId ?? "" };
}

export async function settleCheckout(
  context: PaymentContext,
  checkoutId: string,
  transaction: ProviderTransaction,
  actor: Actor,
): Promise<Verification> {
  const { db } = context;
  const outcome = await db.transaction(async (tx) => {
    const [checkout] = await tx
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.id, checkoutId))
      .for("update");
    if (!checkout) throw notFound(UNKNOWN_REFERENCE(transaction.reference));
    if (checkout.paymentId) return { checkout, applied: null };
    const sale = await lockSale(tx, checkout.saleId);
    const matches =
      transaction.amountKobo === checkout.amountKobo && transaction.currency === checkout.currency;
    const received = {
      method: "ONLINE" as const,
      reference: checkout.reference,
      provider: checkout.provider,
      providerTransactionId: transaction.transactionId,
    };
    let applied: AppliedPayment | null = null;
    let paymentId: string;
    if (transaction.currency !== checkout.currency) {
      // Money in another currency is not naira received: recorded, never counted.
      const [payment] = await tx
        .insert(salePayments)
        .values({
          ...received,
          saleId: sale.id,
          amountKobo: transaction.amountKobo,
          status: "MISMATCHED",
          notes: `Asked ${formatNaira(checkout.amountKobo)} ${checkout.currency}; the provider reported ${formatNaira(transaction.amountKobo)} ${transaction.currency}`,
          recordedBy: actor.userId,
        })
        .returning({ id: salePayments.id });
      paymentId = payment.id;
      await recordAudit(tx, actor, {
        action: "record-payment",
        subject: "Sales",
        recordId: sale.id,
        summary: `An online payment for sale ${saleNumberText(sale.number)} arrived in ${transaction.currency}: not counted`,
        changes: { paymentId, askedKobo: checkout.amountKobo, reportedKobo: transaction.amountKobo },
      });
    } else if (matches) {
      applied = await applyPayment(tx, sale, { ...received, amountKobo: transaction.amountKobo }, actor);
      paymentId = applied.paymentId;
    } else {
      // The customer paid another amount than asked: what the provider verified is counted (and buys
      // its days of tokens), anything above the balance is due back, and the checkout stays flagged.
      ({ applied, paymentId } = await countDifferentAmount(tx, sale, checkout, transaction, received, actor));
    }
    const [settled] = await tx
      .update(paymentCheckouts)
      .set({
        status: matches ? "PAID" : "MISMATCHED",
        paymentId,
        providerTransactionId: transaction.transactionId,
        reportedAmountKobo: transaction.amountKobo,
        reportedCurrency: transaction.currency,
      })
      .where(eq(paymentCheckouts.id, checkout.id))
      .returning();
    return { checkout: settled, applied };
  });
  return answerForRecorded(db, outcome.checkout);
}

/** Not yet confirmed answers `processing`; a cancelled or failed checkout is a 400. */
export async function verifyPayment(
  context: PaymentContext,
  query: VerifyCallbackQuery,
  actor: Actor,
): Promise<Verification> {
  const { db, provider } = context;
  let checkout = query.reference ? await checkoutByReference(db, query.reference) : null;
  let transaction: ProviderTransaction | null = null;
  if (!checkout && query.transactionId) {
    transaction = await ask(() =>
      provider.findTransaction({ reference: "", transactionId: query.transactionId }),
    );
    if (transaction) checkout = await checkoutByReference(db, transaction.reference);
  }
  if (!checkout) throw invalid(UNKNOWN_REFERENCE(query.reference ?? query.transactionId ?? ""));
  if (checkout.paymentId) return answerForRecorded(db, checkout);
  const found = checkout;

  transaction ??= await ask(() =>
    provider.findTransaction({ reference: found.reference, transactionId: query.transactionId }),
  );
  if (transaction && transaction.reference !== found.reference) throw invalid(OTHER_PAYMENT);
  if (!transaction || transaction.status === "pending") {
    if (query.status === "cancelled" || query.status === "failed") {
      await closeCheckout(db, found, query.status === "cancelled" ? "CANCELLED" : "FAILED");
      throw invalid(NOT_SUCCESSFUL_MESSAGE);
    }
    return {
      status: "processing",
      paymentStatus: "PENDING",
      amount: koboToNaira(found.amountKobo),
      message: NOT_CONFIRMED,
      reference: found.reference,
      saleId: found.saleId,
      paymentId: null,
    };
  }
  if (transaction.status !== "successful") {
    await closeCheckout(db, found, transaction.status === "cancelled" ? "CANCELLED" : "FAILED");
    throw invalid(NOT_SUCCESSFUL_MESSAGE);
  }
  return settleCheckout(context, found.id, transaction, actor);
}

// The body only names the transaction; its facts are asked of the provider again (a forged body cannot
// invent an amount). Unknown references are ignored, so the provider stops retrying them.
export async function handleWebhook(
  context: PaymentContext,
  body: { transactionId: string; reference: string },
  actor: Actor = { userId: null, ip: null },
): Promise<{ recorded: boolean }> {
  const checkout = await checkoutByReference(context.db, body.reference);
  if (!checkout) return { recorded: false };
  if (checkout.paymentId) return { recorded: true };
  const transaction = await ask(() =>
    context.provider.findTransaction({ reference: checkout.reference, transactionId: body.transactionId }),
  );
  if (!transaction || transaction.reference !== checkout.reference) return { recorded: false };
  if (transaction.status === "pending") return { recorded: false };
  if (transaction.status !== "successful") {
    await closeCheckout(context.db, checkout, transaction.status === "cancelled" ? "CANCELLED" : "FAILED");
    return { recorded: false };
  }
  await settleCheckout(context, checkout.id, transaction, actor).catch((error: unknown) => {
    // A mismatch is recorded inside settleCheckout; for the provider the webhook was received all the same.
    if (!(error instanceof Error && error.message === MISMATCH_MESSAGE)) throw error;
  });
  return { recorded: true };
}

/** Accepted only for a reference this backend verified; never counted twice. */
export async function acknowledgeOnlinePayment(db: AppDb, actor: StaffActor, input: CashPaymentInput) {
  if (!input.reference) throw invalidField("reference", ONLINE_NEEDS_VERIFICATION);
  const checkout = await checkoutByReference(db, input.reference);
  if (!checkout || checkout.saleId !== input.saleId || !checkout.paymentId || checkout.status !== "PAID") {
    throw invalidField("reference", ONLINE_NEEDS_VERIFICATION);
  }
  return paymentAnswer(db, checkout.saleId, checkout.paymentId, actor);
}

export async function sandboxCheckout(db: AppDb, reference: string): Promise<SandboxCheckout> {
  const checkout = await checkoutByReference(db, reference);
  if (!checkout || checkout.provider !== "sandbox") throw notFound(UNKNOWN_REFERENCE(reference));
  return {
    reference,
    amount: koboToNaira(checkout.amountKobo),
    currency: checkout.currency,
    status: checkout.status,
    saleId: checkout.saleId,
  };
}

// Settled at once, as a real provider's webhook would, so closing the window after paying still counts.
export async function decideSandboxCheckout(
  context: PaymentContext,
  reference: string,
  decision: SandboxDecision,
  actor: StaffActor,
): Promise<SandboxOutcome> {
  const checkout = await checkoutByReference(context.db, reference);
  if (!checkout || checkout.provider !== "sandbox") throw notFound(UNKNOWN_REFERENCE(reference));
  if (decision.decision === "cancel") {
    if (!checkout.paymentId) {
      await context.db.insert(sandboxTransactions).values({
        reference,
        status: "cancelled",
        amountKobo: checkout.amountKobo,
        currency: checkout.currency,
      });
      await closeCheckout(context.db, checkout, "CANCELLED");
    }
    return { status: "cancelled", tx_ref: reference, transaction_id: null, saleId: checkout.saleId };
  }
  if (checkout.status !== "PENDING")
    throw invalid("This checkout is closed: start a new payment from the sale");
  const amountKobo = decision.amount !== undefined ? nairaToKobo(decision.amount) : checkout.amountKobo;
  const [transaction] = await context.db
    .insert(sandboxTransactions)
    .values({ reference, status: "successful", amountKobo, currency: checkout.currency })
    .returning();
  await handleWebhook(context, { transactionId: transaction.id, reference }, actor);
  return { status: "successful", tx_ref: reference, transaction_id: transaction.id, saleId: checkout.saleId };
}
