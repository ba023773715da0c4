import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDb } from "../db/client";
import { queryRows } from "../db/query-rows";
import {
  accountEvents,
  accounts,
  deviceEvents,
  deviceTokens,
  devices,
  inventoryItems,
  saleItems,
  salePayments,
  sales,
  users,
} from "../db/schema";
import {
  ACCOUNT_EVENT_LABELS,
  ACTION_ERRORS,
  DELAY_FREE_DAYS,
  DELAY_WINDOW_HOURS,
  HELD_STATUSES,
  REPOSSESSION_OUTCOME_LABELS,
} from "../constants/account-actions";
import { ACTION_DEFINITIONS } from "../constants/account-action-definitions";
import { formatNaira } from "../constants/money";
import type { AccountEventKind, HeldStatus } from "../constants/account-actions";
import type { DeviceEventKind } from "../constants/devices";
import { ACCOUNT_STATUSES, ACCOUNT_STATUS_LABELS, ACTIVE_STATUSES } from "../constants/portfolio";
import type { AccountStatus } from "../constants/portfolio";
import { saleNumberText } from "../constants/record-numbers";
import type {
  AccountEvent,
  CancelInput,
  DefaultInput,
  DelayInput,
  PayoffInput,
  PayoffQuote,
  RepossessionInput,
  SaleTokenInput,
  WriteOffInput,
} from "../schemas/account-actions";
import { dayText, lagosToday } from "../schemas/dates";
import { koboToNaira } from "../schemas/money";
import { isGranted } from "../schemas/permissions";
import type { Actor, StaffActor } from "./audit";
import { recordAudit } from "./audit";
import { logContact } from "./collections";
import { issueManualToken, issueResetTokens, issueTokensForDelay, tokenRecords } from "./device-tokens";
import { forbidden, invalid, invalidField, notFound } from "./errors";
import { accountFigures } from "./portfolio";
import { SALE_NOT_FOUND } from "./sale-records";
import { releaseSales } from "./sale-expiry";
import { applyPayment, lockSale } from "./sale-payments";
import { SaleParties } from "./messaging/outbox";
import { queueAccountMessage, queueTokenMessage } from "./messaging/triggers";
import { receiveBatch, receivingWarehouse } from "./stock-common";

// Contract actions on an account (issue 27 §2, decision 040). Each runs in one transaction that locks the
// account's row, so two actions on one account take turns; rows are locked in the order a payment takes
// them (the sale, then the account, then its devices), so an action and a payment never wait on each other
// in a circle. Each refreshes the account through the loan book's one definition (refresh_accounts), and
// writes an event on the account's timeline and a row in the audit log.

type Locked = {
  saleId: string;
  customerId: string;
  number: number;
  status: AccountStatus;
  heldStatus: HeldStatus | null;
  creditExpiry: string | null;
  daysLate: number;
  totalKobo: number;
  outstandingKobo: number;
  parties: SaleParties;
};
export type Change = Record<string, string | number | null>;
/** Staff, or a system job acting as nobody (the benchmark) with the permissions it is given. */
export type ActionActor = Actor & { permissions: readonly string[] };

export const isActive = (status: AccountStatus) => (ACTIVE_STATUSES as readonly string[]).includes(status);

const LockedRow = z.object({
  sale_id: z.string(),
  customer_id: z.string(),
  number: z.coerce.number(),
  status: z.enum(ACCOUNT_STATUSES),
  held_status: z.enum(HELD_STATUSES).nullable(),
  credit_expiry: z.string().nullable(),
  days_late: z.coerce.number(),
  total_kobo: z.coerce.number(),
  outstanding_kobo: z.coerce.number(),
  ...SaleParties.shape,
});

/** The account locked, with what its messages draw on (`lock_account`, migration 0030). */
export async function lockAccount(tx: AppDb, saleId: string): Promise<Locked> {
  const [row] = await queryRows(tx, sql`select * from lock_account(${saleId})`, LockedRow);
  if (row)
    return {
      saleId: row.sale_id,
      customerId: row.customer_id,
      number: row.number,
      status: row.status,
      heldStatus: row.held_status,
      creditExpiry: row.credit_expiry,
      daysLate: row.days_late,
      totalKobo: row.total_kobo,
      outstandingKobo: row.outstanding_kobo,
      parties: SaleParties.parse(row),
    };
  const [sale] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.id, saleId));
  throw sale ? invalid(ACTION_ERRORS.notAccount) : notFound(SALE_NOT_FOUND);
}

/** What staff read before → after on the timeline. */
export const figuresOf = (account: Pick<Locked, "status" | "creditExpiry" | "daysLate">): Change => ({
  status: ACCOUNT_STATUS_LABELS[account.status],
  creditExpiry: account.creditExpiry,
  daysLate: account.daysLate,
});

/** The account's figures as they stand in this transaction. */
export async function figuresNow(tx: AppDb, saleId: string) {
  const [now] = await tx
    .select({ status: accounts.status, creditExpiry: accounts.creditExpiry, daysLate: accounts.daysLate })
    .from(accounts)
    .where(eq(accounts.saleId, saleId));
  return now;
}

export async function refresh(tx: AppDb, saleId: string, today: string) {
  await tx.execute(sql`select refresh_accounts(array[${saleId}]::text[], ${today}::date)`);
  return figuresNow(tx, saleId);
}

export async function record(
  tx: AppDb,
  actor: ActionActor,
  account: Locked,
  event: {
    kind: AccountEventKind;
    summary: string;
    reason?: string;
    before: Change | null;
    after: Change | null;
    schedule?: { number: number; dueDate: string; amountKobo: number }[];
  },
) {
  const [row] = await tx
    .insert(accountEvents)
    .values({
      saleId: account.saleId,
      kind: event.kind,
      summary: event.summary,
      reason: event.reason ?? null,
      before: event.before,
      after: event.after,
      schedule: event.schedule ?? null,
      staffId: actor.userId,
      // The moment of writing, not the transaction's start: an action that waited for the account's lock
      // comes after the one it waited for on the timeline.
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: accountEvents.id });
  await recordAudit(tx, actor, {
    action: event.kind.toLowerCase().replaceAll("_", "-"),
    subject: "Sales",
    recordId: account.saleId,
    summary: `${ACCOUNT_EVENT_LABELS[event.kind]} on sale ${saleNumberText(account.number)}: ${event.summary}`,
    changes: { before: event.before, after: event.after, reason: event.reason ?? null },
  });
  return row.id;
}

export async function answer(db: AppDb, saleId: string, eventId: string) {
  const [account, [event]] = await Promise.all([
    accountFigures(db, saleId),
    eventsWhere(db, eq(accountEvents.id, eventId)),
  ]);
  if (!account || !event) throw notFound(SALE_NOT_FOUND);
  return { account, event };
}

/**
 * A delay: the unpaid installments move by the days given and each tokenable device gets a token for them.
 * Sales staff may give up to DELAY_FREE_DAYS once in DELAY_WINDOW_HOURS; more needs manage:Sales.
 */
export async function giveDelay(
  db: AppDb,
  actor: ActionActor,
  saleId: string,
  input: DelayInput,
  today = lagosToday(),
) {
  const done = await db.transaction((tx) => delayAccount(tx, actor, saleId, input, today));
  return { ...(await answer(db, saleId, done.eventId)), tokens: done.tokens };
}

/** The delay's transaction, without reading its answer (the benchmark times this against a payment's). */
export async function delayAccount(
  tx: AppDb,
  actor: ActionActor,
  saleId: string,
  input: DelayInput,
  today: string,
) {
  const account = await lockAccount(tx, saleId);
  if (!isActive(account.status)) throw invalid(ACTION_ERRORS.notActive);
  const manager = isGranted(actor.permissions, "manage:Sales");
  if (!manager && input.days > DELAY_FREE_DAYS) throw forbidden(ACTION_ERRORS.delayTooLong);
  if (!manager) {
    const since = new Date(Date.now() - DELAY_WINDOW_HOURS * 3_600_000);
    const [recent] = await tx
      .select({ id: accountEvents.id })
      .from(accountEvents)
      .where(
        and(
          eq(accountEvents.saleId, saleId),
          eq(accountEvents.kind, "DELAY"),
          gt(accountEvents.createdAt, since),
        ),
      )
      .limit(1);
    if (recent) throw forbidden(ACTION_ERRORS.delayAgain);
  }
  // Paid installments never move; a part-paid one moves with the rest of what is owed.
  await tx.execute(sql`update account_schedule set due_date = due_date + ${input.days}::integer
    where sale_id = ${saleId} and paid_kobo < amount_kobo`);
  const tokens = await issueTokensForDelay(tx, saleId, input.days, actor);
  // A token's trigger has refreshed the account, after the schedule moved; without one, refresh here.
  const after = tokens.length ? await figuresNow(tx, saleId) : await refresh(tx, saleId, today);
  const eventId = await record(tx, actor, account, {
    kind: "DELAY",
    summary: `${input.days} ${input.days === 1 ? "day" : "days"} without payment${
      tokens.length ? `, ${tokens.length === 1 ? "a token" : `${tokens.length} tokens`} for the days` : ""
    }`,
    reason: input.reason,
    before: figuresOf(account),
    after: figuresOf(after),
  });
  await queueAccountMessage(tx, account, {
    kind: "DELAY_GIVEN",
    tokens,
    days: input.days,
    dueDate: after.creditExpiry,
    actorId: actor.userId,
  });
  return { eventId, tokens };
}

/**
 * A status set (or taken back) by hand: the refusal the account's state calls for, or the held columns
 * written and the account refreshed, its status change on the timeline.
 */
async function holdStatus(
  db: AppDb,
  actor: StaffActor,
  saleId: string,
  change: {
    kind: "MARKED_DEFAULTED" | "DEFAULT_UNDONE" | "WRITTEN_OFF";
    refusal: (account: Locked) => string | null;
    set: Partial<Pick<typeof accounts.$inferInsert, "heldStatus" | "heldOn" | "defaultedOn">>;
    reason: string | undefined;
    today: string;
  },
) {
  const eventId = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, saleId);
    const refusal = change.refusal(account);
    if (refusal) throw invalid(refusal);
    await tx.update(accounts).set(change.set).where(eq(accounts.saleId, saleId));
    const after = await refresh(tx, saleId, change.today);
    return record(tx, actor, account, {
      kind: change.kind,
      summary: `${ACCOUNT_STATUS_LABELS[account.status]} → ${ACCOUNT_STATUS_LABELS[after.status]}`,
      reason: change.reason,
      before: figuresOf(account),
      after: figuresOf(after),
    });
  });
  return answer(db, saleId, eventId);
}

/** Counts an on-time or late account as defaulted from today, before its 90 days. */
export const markDefaulted = (
  db: AppDb,
  actor: StaffActor,
  saleId: string,
  input: DefaultInput,
  today = lagosToday(),
) =>
  holdStatus(db, actor, saleId, {
    kind: "MARKED_DEFAULTED",
    refusal: (account) =>
      account.status === "DEFAULTED"
        ? ACTION_ERRORS.alreadyDefaulted
        : isActive(account.status)
          ? null
          : ACTION_ERRORS.notActive,
    set: { heldStatus: "DEFAULTED", heldOn: today },
    reason: input.reason,
    today,
  });

/** Takes back a default marked by hand: the account gets the status its payments give it. */
export const undoDefault = (
  db: AppDb,
  actor: StaffActor,
  saleId: string,
  input: DefaultInput,
  today = lagosToday(),
) =>
  holdStatus(db, actor, saleId, {
    kind: "DEFAULT_UNDONE",
    refusal: (account) =>
      account.heldStatus === "DEFAULTED"
        ? null
        : account.status === "DEFAULTED"
          ? ACTION_ERRORS.notMarkedDefaulted
          : "This account is not marked defaulted",
    // The day it defaulted was the marking's: forgotten with it (90 days late gives its own again).
    set: { heldStatus: null, heldOn: null, defaultedOn: null },
    reason: input.reason,
    today,
  });

/** Closes a defaulted account as a loss: it leaves the active book and PAR and counts in write-offs. */
export const writeOff = (
  db: AppDb,
  actor: StaffActor,
  saleId: string,
  input: WriteOffInput,
  today = lagosToday(),
) =>
  holdStatus(db, actor, saleId, {
    kind: "WRITTEN_OFF",
    refusal: (account) => (account.status === "DEFAULTED" ? null : ACTION_ERRORS.notDefaulted),
    set: { heldStatus: "WRITTEN_OFF", heldOn: today },
    reason: input.reason,
    today,
  });

/** A token for one of the sale's devices (days or unlock), as the device page issues it, on the timeline. */
export async function issueSaleToken(db: AppDb, actor: StaffActor, saleId: string, input: SaleTokenInput) {
  const done = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, saleId);
    const [linked] = await tx
      .select({ id: devices.id })
      .from(devices)
      .innerJoin(saleItems, eq(saleItems.id, devices.saleItemId))
      .where(and(eq(devices.id, input.deviceId), eq(saleItems.saleId, saleId)));
    if (!linked) throw invalidField("deviceId", ACTION_ERRORS.notThisSale);
    const issued = await issueManualToken(tx, actor, input.deviceId, input);
    // The token's trigger has refreshed the account.
    const after = await figuresNow(tx, saleId);
    const eventId = await record(tx, actor, account, {
      kind: "TOKEN",
      summary: `${issued.days === null ? "an unlock token" : `a ${issued.days}-day token`} for device ${issued.record.serialNumber}`,
      before: figuresOf(account),
      after: figuresOf(after),
    });
    return { eventId, issued };
  });
  return { ...(await answer(db, saleId, done.eventId)), token: done.issued.record };
}

/** The sale's latest token, sent to the customer again: a message queued with the timeline's event. */
export async function resendLastToken(db: AppDb, actor: StaffActor, saleId: string) {
  const done = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, saleId);
    const [latest] = await tx
      .select({ id: deviceTokens.id })
      .from(deviceTokens)
      .where(eq(deviceTokens.saleId, saleId))
      .orderBy(desc(deviceTokens.createdAt), desc(deviceTokens.count))
      .limit(1);
    if (!latest) throw invalid(ACTION_ERRORS.noToken);
    const [token] = await tokenRecords(tx, [latest.id]);
    const message = await queueTokenMessage(tx, { saleId, tokens: [token], actorId: actor.userId });
    if (!message || message.status === "FAILED") throw invalid(ACTION_ERRORS.noContact);
    const eventId = await record(tx, actor, account, {
      kind: "TOKEN_RESENT",
      summary: `the ${token.days === null ? "unlock token" : `${token.days}-day token`} for device ${token.serialNumber} to ${message.recipient}`,
      before: null,
      after: null,
    });
    return { eventId };
  });
  return answer(db, saleId, done.eventId);
}

/**
 * A visit to take the unit back. "Promised to pay" goes to the collection case as a promise; "Collected"
 * repossesses the account: its devices leave the sale for stock under a returned stock item (a batch of
 * the units, in the first warehouse that takes returned stock), each tokenable one with a reset token.
 */
export async function recordRepossession(
  db: AppDb,
  actor: StaffActor,
  saleId: string,
  input: RepossessionInput,
  today = lagosToday(),
) {
  const eventId = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, saleId);
    if (!isActive(account.status)) throw invalid(ACTION_ERRORS.notActive);
    const label = REPOSSESSION_OUTCOME_LABELS[input.outcome];
    if (input.outcome !== "COLLECTED") {
      let summary = label;
      if (input.outcome === "PROMISED") {
        await logContact(
          tx,
          actor,
          saleId,
          {
            channel: "VISIT",
            outcome: "PROMISED",
            note: input.note,
            promiseAmount: input.promiseAmount,
            promiseDate: input.promiseDate,
          },
          today,
        );
        summary = `${label}: ${formatNaira(koboToNaira(input.promiseAmount!))} by ${dayText(input.promiseDate!)}`;
      }
      return record(tx, actor, account, {
        kind: "REPOSSESSION_ATTEMPT",
        summary,
        reason: input.note,
        before: null,
        after: null,
      });
    }
    const linked = await tx
      .select({ id: devices.id })
      .from(devices)
      .innerJoin(saleItems, eq(saleItems.id, devices.saleItemId))
      .where(eq(saleItems.saleId, saleId))
      .orderBy(asc(devices.id))
      .for("update", { of: devices });
    const deviceIds = linked.map((device) => device.id);
    // A sale without a device record still had a unit: it comes back as one.
    const units = Math.max(1, deviceIds.length);
    const { item, warehouse } = await returnToStock(tx, actor, {
      returnedItemId: input.returnedItemId!,
      unitCost: input.unitCost!,
      resalePrice: input.resalePrice!,
      units,
      reason: `Repossessed from sale ${saleNumberText(account.number)}`,
    });
    if (deviceIds.length)
      await tx
        .update(devices)
        .set({ saleItemId: null, inventoryId: item.id })
        .where(inArray(devices.id, deviceIds));
    await recordDeviceEvents(
      tx,
      actor,
      deviceIds.map((deviceId) => ({
        deviceId,
        saleId,
        kind: "REPOSSESSED" as const,
        summary: `Collected from sale ${saleNumberText(account.number)}; back in stock as ${item.name} in ${warehouse.name}`,
      })),
    );
    const resets = await issueResetTokens(tx, deviceIds, saleId, actor);
    await tx
      .update(accounts)
      .set({ heldStatus: "REPOSSESSED", heldOn: today })
      .where(eq(accounts.saleId, saleId));
    const after = await refresh(tx, saleId, today);
    return record(tx, actor, account, {
      kind: "REPOSSESSED",
      summary: `${units} ${units === 1 ? "unit" : "units"} back in stock as ${item.name} in ${warehouse.name}${
        resets.length
          ? `, ${resets.length === 1 ? "a reset token" : `${resets.length} reset tokens`} issued`
          : ""
      }`,
      reason: input.note,
      before: figuresOf(account),
      after: figuresOf(after),
    });
  });
  return answer(db, saleId, eventId);
}

/**
 * Units back in stock under a returned-class item: one batch of them, in the first active warehouse that
 * takes returned stock (a repossession, a swapped-out device).
 */
export async function returnToStock(
  tx: AppDb,
  actor: StaffActor,
  input: { returnedItemId: string; unitCost: number; resalePrice: number; units: number; reason: string },
) {
  const [item] = await tx
    .select({ id: inventoryItems.id, name: inventoryItems.name, class: inventoryItems.class })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, input.returnedItemId));
  if (item?.class !== "RETURNED") throw invalidField("returnedItemId", ACTION_ERRORS.notReturnedItem);
  if (input.resalePrice < input.unitCost)
    throw invalidField("resalePrice", "Resale price cannot be below the value of the returned unit");
  const warehouse = await receivingWarehouse(tx, undefined, "RETURNED");
  if ("problem" in warehouse) throw invalid(ACTION_ERRORS.noReturnsWarehouse);
  await receiveBatch(tx, actor.userId, {
    itemId: item.id,
    warehouseId: warehouse.id,
    numberOfStock: input.units,
    costOfItem: input.unitCost,
    price: input.resalePrice,
    reason: input.reason,
  });
  return { item, warehouse };
}

/** Lines on the devices' own history (their pages list them). */
export async function recordDeviceEvents(
  tx: AppDb,
  actor: ActionActor,
  events: { deviceId: string; saleId: string; kind: DeviceEventKind; summary: string }[],
) {
  if (events.length)
    await tx.insert(deviceEvents).values(events.map((event) => ({ ...event, staffId: actor.userId })));
}

/** What the customer owes to own the unit today: the outstanding balance, no discount (decision 040). */
export async function payoffQuote(db: AppDb, saleId: string): Promise<PayoffQuote> {
  const account = await accountFigures(db, saleId);
  if (!account) {
    const [sale] = await db.select({ id: sales.id }).from(sales).where(eq(sales.id, saleId));
    throw sale ? invalid(ACTION_ERRORS.notAccount) : notFound(SALE_NOT_FOUND);
  }
  if (!isActive(account.status)) throw invalid(ACTION_ERRORS.notActive);
  return {
    outstanding: account.outstanding,
    discount: 0,
    amount: account.outstanding,
    rule: ACTION_DEFINITIONS.payoff,
  };
}

/**
 * Accepts the quote as a cash payment of the whole outstanding balance: the payment's own path (its row,
 * the sale, the unlock tokens, its audit row) and the account's event in one transaction. The sale is
 * locked before the account, in the order a payment's triggers take them.
 */
export async function acceptPayoff(db: AppDb, actor: StaffActor, saleId: string, input: PayoffInput) {
  const done = await db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const account = await lockAccount(tx, saleId);
    if (!isActive(account.status)) throw invalid(ACTION_ERRORS.notActive);
    const owed = sale.totalKobo - sale.paidKobo;
    if (input.amount !== owed) throw invalidField("amount", ACTION_ERRORS.quoteChanged);
    const applied = await applyPayment(
      tx,
      sale,
      {
        method: "CASH",
        amountKobo: owed,
        reference: input.reference ?? `payoff-${saleId.slice(0, 8)}-${Date.now().toString(36)}`,
        notes: "Early payoff",
      },
      actor,
    );
    // The payment's trigger has refreshed the account.
    const after = await figuresNow(tx, saleId);
    const eventId = await record(tx, actor, account, {
      kind: "PAID_OFF",
      summary: `${formatNaira(koboToNaira(owed))} received in cash${
        applied.tokens.length ? ", unlock token issued" : ""
      }`,
      before: figuresOf(account),
      after: figuresOf(after),
    });
    return { eventId, applied };
  });
  return answer(db, saleId, done.eventId);
}

/**
 * Cancels an account's sale: its stock and devices released as an unpaid sale's are, and what will be paid
 * back recorded as a payment REFUND_DUE, the one mechanism for money owed back (decision 040).
 */
export async function cancelWithRefund(db: AppDb, actor: StaffActor, saleId: string, input: CancelInput) {
  const eventId = await db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const account = await lockAccount(tx, saleId);
    if (!isActive(account.status)) throw invalid(ACTION_ERRORS.notActive);
    if (input.refund > sale.paidKobo)
      throw invalidField(
        "refund",
        `The refund is more than the ${formatNaira(koboToNaira(sale.paidKobo))} paid`,
      );
    await releaseSales(tx, [saleId], input.reason);
    if (input.refund > 0)
      await tx.insert(salePayments).values({
        saleId,
        method: "CASH",
        amountKobo: input.refund,
        status: "REFUND_DUE",
        reference: `refund-${saleId.slice(0, 8)}-${Date.now().toString(36)}`,
        notes: `Refund due on cancellation: ${input.reason}`,
        recordedBy: actor.userId,
      });
    // The sale's update has refreshed the account.
    const after = await figuresNow(tx, saleId);
    return record(tx, actor, account, {
      kind: "CANCELLED",
      summary: `refund due ${formatNaira(koboToNaira(input.refund))} of ${formatNaira(koboToNaira(sale.paidKobo))} paid; stock and devices released`,
      reason: input.reason,
      before: figuresOf(account),
      after: figuresOf(after),
    });
  });
  return answer(db, saleId, eventId);
}

const staff = alias(users, "staff");

/** The account's timeline, newest first; empty for a sale without an account. */
export async function accountTimeline(db: AppDb, saleId: string): Promise<AccountEvent[]> {
  const [sale] = await db.select({ id: sales.id }).from(sales).where(eq(sales.id, saleId));
  if (!sale) throw notFound(SALE_NOT_FOUND);
  return eventsWhere(db, eq(accountEvents.saleId, saleId));
}

async function eventsWhere(db: AppDb, condition: SQL): Promise<AccountEvent[]> {
  const rows = await db
    .select({ event: accountEvents, firstname: staff.firstname, lastname: staff.lastname })
    .from(accountEvents)
    .leftJoin(staff, eq(staff.id, accountEvents.staffId))
    .where(condition)
    .orderBy(desc(accountEvents.createdAt));
  return rows.map(({ event, firstname, lastname }) => ({
    id: event.id,
    kind: event.kind,
    summary: event.summary,
    reason: event.reason,
    before: event.before ?? null,
    after: event.after ?? null,
    schedule:
      event.schedule?.map((line) => ({
        number: line.number,
        dueDate: line.dueDate,
        amount: koboToNaira(line.amountKobo),
      })) ?? null,
    staff:
      event.staffId && firstname !== null ? { id: event.staffId, name: `${firstname} ${lastname}` } : null,
    createdAt: event.createdAt.toISOString(),
  }));
}
