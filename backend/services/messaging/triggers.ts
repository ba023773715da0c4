import { eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { sales } from "../../db/schema";
import type { MessageKind } from "../../constants/messages";
import type { MintedToken } from "../device-tokens";
import { queueAfterLock, queueMessage } from "./outbox";
import type { SaleParties } from "./outbox";
import { tokensText } from "./templates";

// What the customer is told when something happens to their account: one message per event, queued in the
// event's own transaction (the account's figures are already refreshed by then: the database's triggers
// run at each statement).

type CarriedToken = Pick<MintedToken, "id" | "deviceId" | "serialNumber" | "token" | "days">;

// No token (a payment that bought no day): no value, so the sentences naming them are left out.
const tokenFacts = (tokens: CarriedToken[]) =>
  tokens.length === 0
    ? {}
    : {
        token: tokensText(tokens),
        // Days bought by one device's tokens (a long grant is split into several); every device gets the same.
        days: tokens
          .filter((token) => token.deviceId === tokens[0].deviceId)
          .reduce((sum, t) => sum + (t.days ?? 0), 0),
        deviceSerial: [...new Set(tokens.map((token) => token.serialNumber))].join(", "),
      };

/** The last payment says completed, the first welcome, a cash one is a receipt, any other payment received. */
export function paymentMessageKind(payment: {
  method: string;
  beforeKobo: number;
  afterKobo: number;
  totalKobo: number;
}): MessageKind {
  if (payment.afterKobo >= payment.totalKobo) return "COMPLETED";
  if (payment.beforeKobo === 0) return "WELCOME";
  return payment.method === "CASH" ? "CASH_RECEIPT" : "PAYMENT_RECEIVED";
}

export async function queuePaymentMessage(
  tx: AppDb,
  sale: { id: string; number: number; parties: SaleParties },
  payment: {
    customerId: string;
    paymentId: string;
    method: string;
    amountKobo: number;
    beforeKobo: number;
    afterKobo: number;
    totalKobo: number;
    tokens: MintedToken[];
    actorId: string | null;
  },
  alongside?: { getSQL(): SQL },
) {
  const paidUp = payment.afterKobo >= payment.totalKobo;
  return queueAfterLock(
    tx,
    sale,
    {
      kind: paymentMessageKind(payment),
      customerId: payment.customerId,
      saleId: sale.id,
      paymentId: payment.paymentId,
      tokenIds: payment.tokens.map((token) => token.id),
      facts: {
        amountKobo: payment.amountKobo,
        balanceKobo: Math.max(0, payment.totalKobo - payment.afterKobo),
        // A paid-up account has no credit expiry: no day to read.
        ...(paidUp ? { dueDate: null } : {}),
        ...tokenFacts(payment.tokens),
      },
      createdBy: payment.actorId,
      transactional: true,
    },
    alongside,
  );
}

/** A token staff issued (device page, sale page, swap) or sent again: the customer of the sale gets it. */
export async function queueTokenMessage(
  tx: AppDb,
  event: { saleId: string; tokens: CarriedToken[]; actorId: string | null },
) {
  if (event.tokens.length === 0) return null;
  const [sale] = await tx
    .select({ customerId: sales.customerId })
    .from(sales)
    .where(eq(sales.id, event.saleId));
  if (!sale) return null;
  return queueMessage(tx, {
    kind: "TOKEN",
    customerId: sale.customerId,
    saleId: event.saleId,
    tokenIds: event.tokens.map((token) => token.id),
    facts: tokenFacts(event.tokens),
    createdBy: event.actorId,
    transactional: true,
  });
}

/**
 * A delay, a restructure: the account's new terms and the tokens that carry them, from what the account's
 * lock read (neither changes what is owed); the new due day is the caller's (the account as the action
 * left it).
 */
export async function queueAccountMessage(
  tx: AppDb,
  account: {
    saleId: string;
    customerId: string;
    number: number;
    outstandingKobo: number;
    parties: SaleParties;
  },
  event: {
    kind: Extract<MessageKind, "DELAY_GIVEN" | "RESTRUCTURED">;
    tokens: MintedToken[];
    days?: number;
    amountKobo?: number;
    dueDate: string | null;
    actorId: string | null;
  },
) {
  const facts = tokenFacts(event.tokens);
  return queueAfterLock(
    tx,
    { id: account.saleId, number: account.number, parties: account.parties },
    {
      kind: event.kind,
      customerId: account.customerId,
      saleId: account.saleId,
      tokenIds: event.tokens.map((token) => token.id),
      facts: {
        ...facts,
        days: event.days ?? facts.days,
        amountKobo: event.amountKobo,
        balanceKobo: account.outstandingKobo,
        dueDate: event.dueDate,
      },
      createdBy: event.actorId,
      transactional: true,
    },
  );
}
