import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  accountSchedule,
  accounts,
  devices,
  inventoryBatches,
  inventoryItems,
  inventoryMovements,
  saleItems,
  sales,
} from "../db/schema";
import {
  ACTION_ERRORS,
  RESTRUCTURE_FIRST_DUE_DAYS,
  RESTRUCTURE_MAX_INSTALLMENTS,
  SWAP_DESTINATION_LABELS,
  noStockFor,
  tooManyInstallments,
} from "../constants/account-actions";
import { formatNaira } from "../constants/money";
import { saleNumberText } from "../constants/record-numbers";
import type { RestructureInput, RestructurePreview, SwapInput } from "../schemas/account-actions";
import { addDays, dayText, lagosToday } from "../schemas/dates";
import { koboToNaira } from "../schemas/money";
import type { StaffActor } from "./audit";
import type { ActionActor, Change } from "./account-actions";
import {
  answer,
  figuresOf,
  isActive,
  lockAccount,
  record,
  recordDeviceEvents,
  refresh,
  returnToStock,
} from "./account-actions";
import { creditGrant, issueGrantTokens, issueResetTokens } from "./device-tokens";
import { invalid, invalidField, notFound } from "./errors";
import { queueAccountMessage, queueTokenMessage } from "./messaging/triggers";
import { SALE_NOT_FOUND } from "./sale-records";
import { lockSale } from "./sale-payments";
import { addMonths } from "./sale-schedule";

// Restructuring an account and swapping its device (issue 27 §2, decision 041): the two actions that
// change an account's terms or its unit rather than its status. Both lock as every contract action does
// (the sale, the account, then devices) and leave an event on the timeline.

type Line = { number: number; dueDate: string; amountKobo: number };
type StoredLine = Line & { cumulativeKobo: number };

export type NewTerms = {
  unpaidKobo: number;
  monthlyKobo: number;
  kept: Line[];
  schedule: Line[];
  replaced: Line[];
};

/**
 * What new terms give: rows fully covered by what was paid stay, a partly paid one keeps its paid part,
 * and the rest of the total is spread over new monthly rows from the first due date. By count, each row
 * is the same whole-naira amount and the last takes what is left; by monthly amount, as many rows as it
 * takes, the last one smaller.
 */
export function newTerms(
  rows: readonly StoredLine[],
  paidKobo: number,
  totalKobo: number,
  input: Pick<RestructureInput, "installments" | "monthlyAmount" | "firstDueDate">,
): NewTerms {
  const kept: Line[] = [];
  const replaced: Line[] = [];
  for (const row of rows) {
    const line = { number: row.number, dueDate: row.dueDate, amountKobo: row.amountKobo };
    const start = row.cumulativeKobo - row.amountKobo;
    if (row.cumulativeKobo <= paidKobo) kept.push(line);
    else {
      if (start < paidKobo) kept.push({ ...line, amountKobo: paidKobo - start });
      replaced.push(line);
    }
  }
  const unpaidKobo = totalKobo - paidKobo;
  if (unpaidKobo <= 0) throw invalid(ACTION_ERRORS.notActive);
  let count: number;
  let each: number;
  if (input.installments !== undefined) {
    count = input.installments;
    const wholeNaira = Math.floor(unpaidKobo / count / 100) * 100;
    each = wholeNaira > 0 ? wholeNaira : Math.floor(unpaidKobo / count);
  } else {
    each = Math.min(input.monthlyAmount!, unpaidKobo);
    count = Math.ceil(unpaidKobo / each);
    if (count > RESTRUCTURE_MAX_INSTALLMENTS) throw invalidField("monthlyAmount", tooManyInstallments(count));
  }
  const next = (kept.at(-1)?.number ?? -1) + 1;
  const schedule = Array.from({ length: count }, (_, index) => ({
    number: next + index,
    dueDate: addMonths(input.firstDueDate, index),
    amountKobo: index === count - 1 ? unpaidKobo - each * (count - 1) : each,
  }));
  return { unpaidKobo, monthlyKobo: count === 1 ? unpaidKobo : each, kept, schedule, replaced };
}

const inNaira = (lines: Line[]) =>
  lines.map((line) => ({ number: line.number, dueDate: line.dueDate, amount: koboToNaira(line.amountKobo) }));

async function storedRows(tx: AppDb, saleId: string): Promise<StoredLine[]> {
  return tx
    .select({
      number: accountSchedule.number,
      dueDate: accountSchedule.dueDate,
      amountKobo: accountSchedule.amountKobo,
      cumulativeKobo: accountSchedule.cumulativeKobo,
    })
    .from(accountSchedule)
    .where(eq(accountSchedule.saleId, saleId))
    .orderBy(asc(accountSchedule.number));
}

/** The checks a restructure and its preview share; the terms it would give. */
async function termsFor(
  tx: AppDb,
  account: { status: Parameters<typeof isActive>[0] },
  sale: { id: string; totalKobo: number; paidKobo: number },
  input: RestructureInput,
  today: string,
) {
  if (!isActive(account.status)) throw invalid(ACTION_ERRORS.notActive);
  const rows = await storedRows(tx, sale.id);
  const deposit = rows.find((row) => row.number === 0);
  if (deposit && sale.paidKobo < deposit.cumulativeKobo) throw invalid(ACTION_ERRORS.depositUnpaid);
  if (input.firstDueDate < today || input.firstDueDate > addDays(today, RESTRUCTURE_FIRST_DUE_DAYS))
    throw invalidField("firstDueDate", ACTION_ERRORS.firstDueRange);
  return { rows, terms: newTerms(rows, sale.paidKobo, sale.totalKobo, input) };
}

/** A device's credit never goes back: set to the first new due date, or the credit it has when later. */
const creditAfter = (creditExpiry: string | null, firstDueDate: string) =>
  creditExpiry && creditExpiry > firstDueDate ? creditExpiry : firstDueDate;

/** The schedule new terms would give, without saving anything. */
export async function restructurePreview(
  db: AppDb,
  saleId: string,
  input: RestructureInput,
  today = lagosToday(),
): Promise<RestructurePreview> {
  const [row] = await db
    .select({
      id: sales.id,
      totalKobo: accounts.totalKobo,
      paidKobo: sales.paidKobo,
      status: accounts.status,
      creditExpiry: accounts.creditExpiry,
    })
    .from(sales)
    .leftJoin(accounts, eq(accounts.saleId, sales.id))
    .where(eq(sales.id, saleId));
  if (!row) throw notFound(SALE_NOT_FOUND);
  if (row.status === null || row.totalKobo === null) throw invalid(ACTION_ERRORS.notAccount);
  const { terms } = await termsFor(
    db,
    { status: row.status },
    { ...row, totalKobo: row.totalKobo },
    input,
    today,
  );
  return {
    unpaid: koboToNaira(terms.unpaidKobo),
    monthly: koboToNaira(terms.monthlyKobo),
    kept: inNaira(terms.kept),
    schedule: inNaira(terms.schedule),
    replaced: inNaira(terms.replaced),
    creditUntil: creditAfter(row.creditExpiry, input.firstDueDate),
  };
}

const termsOf = (terms: { unpaidInstallments: number; monthlyKobo: number }): Change => ({
  unpaidInstallments: terms.unpaidInstallments,
  monthlyAmount: formatNaira(koboToNaira(terms.monthlyKobo)),
});

/**
 * New terms for what is unpaid: the schedule's unpaid rows replaced (the old schedule kept on the
 * event), the sale's monthly amount changed for the days later payments buy, and each tokenable device
 * set to the new credit.
 */
export async function restructureAccount(
  db: AppDb,
  actor: ActionActor,
  saleId: string,
  input: RestructureInput,
  today = lagosToday(),
) {
  const done = await db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const account = await lockAccount(tx, saleId);
    const { rows, terms } = await termsFor(
      tx,
      account,
      { ...sale, totalKobo: account.totalKobo },
      input,
      today,
    );
    if (input.unpaid !== undefined && input.unpaid !== terms.unpaidKobo)
      throw invalidField("unpaid", ACTION_ERRORS.balanceChanged);
    const firstChanged = terms.replaced[0]?.number ?? terms.schedule[0].number;
    await tx
      .delete(accountSchedule)
      .where(and(eq(accountSchedule.saleId, saleId), gte(accountSchedule.number, firstChanged)));
    let cumulative = terms.kept
      .filter((line) => line.number < firstChanged)
      .reduce((sum, line) => sum + line.amountKobo, 0);
    const written = [...terms.kept.filter((line) => line.number >= firstChanged), ...terms.schedule].map(
      (line) => {
        cumulative += line.amountKobo;
        return { saleId, ...line, cumulativeKobo: cumulative };
      },
    );
    await tx.insert(accountSchedule).values(written);
    await tx
      .update(sales)
      .set({ totalMonthlyKobo: terms.monthlyKobo, termsFromKobo: sale.paidKobo })
      .where(eq(sales.id, saleId));
    const creditUntil = creditAfter(account.creditExpiry, input.firstDueDate);
    const linked = await tx
      .select({ id: devices.id })
      .from(devices)
      .innerJoin(saleItems, eq(saleItems.id, devices.saleItemId))
      .where(eq(saleItems.saleId, saleId));
    const tokens = await issueGrantTokens(
      tx,
      linked.map((device) => device.id),
      saleId,
      creditGrant(creditUntil, today),
      actor,
    );
    const after = await refresh(tx, saleId, today);
    const unpaidBefore = rows.filter((row) => row.cumulativeKobo > sale.paidKobo).length;
    const count = terms.schedule.length;
    const eventId = await record(tx, actor, account, {
      kind: "RESTRUCTURED",
      summary: `${formatNaira(koboToNaira(terms.unpaidKobo))} unpaid in ${count} ${count === 1 ? "installment" : "installments"} of ${formatNaira(koboToNaira(terms.monthlyKobo))} from ${dayText(input.firstDueDate)}${
        tokens.length
          ? `; ${tokens.length === 1 ? "a token" : `${tokens.length} tokens`} set the credit to ${dayText(creditUntil)}`
          : ""
      }`,
      reason: input.reason,
      before: {
        ...figuresOf(account),
        ...termsOf({ unpaidInstallments: unpaidBefore, monthlyKobo: sale.totalMonthlyKobo }),
      },
      after: {
        ...figuresOf(after),
        ...termsOf({ unpaidInstallments: count, monthlyKobo: terms.monthlyKobo }),
      },
      schedule: rows.map(({ number, dueDate, amountKobo }) => ({ number, dueDate, amountKobo })),
    });
    await queueAccountMessage(tx, account, {
      kind: "RESTRUCTURED",
      tokens,
      amountKobo: terms.monthlyKobo,
      dueDate: input.firstDueDate,
      actorId: actor.userId,
    });
    return { eventId, tokens };
  });
  return { ...(await answer(db, saleId, done.eventId)), tokens: done.tokens };
}

const SWAPPABLE = ["ON_TIME", "LATE", "DEFAULTED", "COMPLETED"];

/** One unit of the item out of stock for the swap: its oldest batch with units left, locked. */
async function takeOneUnit(tx: AppDb, actor: StaffActor, itemId: string, reason: string) {
  const [batch] = await tx
    .select({ id: inventoryBatches.id, warehouseId: inventoryBatches.warehouseId })
    .from(inventoryBatches)
    .where(and(eq(inventoryBatches.inventoryItemId, itemId), sql`${inventoryBatches.remainingQuantity} > 0`))
    .orderBy(asc(inventoryBatches.receivedAt), asc(inventoryBatches.batchNumber))
    .limit(1)
    .for("update");
  if (!batch) {
    const [item] = await tx
      .select({ name: inventoryItems.name })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, itemId));
    throw invalidField("newSerialNumber", noStockFor(item?.name ?? "this device's stock item"));
  }
  await tx
    .update(inventoryBatches)
    .set({ remainingQuantity: sql`${inventoryBatches.remainingQuantity} - 1` })
    .where(eq(inventoryBatches.id, batch.id));
  await tx.insert(inventoryMovements).values({
    kind: "ISSUE",
    inventoryItemId: itemId,
    batchId: batch.id,
    fromWarehouseId: batch.warehouseId,
    quantity: 1,
    actorId: actor.userId,
    reason,
  });
}

/**
 * One of the sale's devices replaced by another from stock. The new one takes the old one's place on
 * the sale item and is set to the account's credit (unlocked when the sale is paid); the old one goes
 * back to stock as returned (with a reset token) or aside as faulty.
 */
export async function swapDevice(
  db: AppDb,
  actor: StaffActor,
  saleId: string,
  input: SwapInput,
  today = lagosToday(),
) {
  const done = await db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const account = await lockAccount(tx, saleId);
    if (!SWAPPABLE.includes(account.status)) throw invalid(ACTION_ERRORS.notSwappable);
    const [old] = await tx
      .select({ device: devices })
      .from(devices)
      .innerJoin(saleItems, eq(saleItems.id, devices.saleItemId))
      .where(and(eq(devices.id, input.oldDeviceId), eq(saleItems.saleId, saleId)))
      .for("update", { of: devices });
    if (!old) throw invalidField("oldDeviceId", ACTION_ERRORS.notThisSale);
    const [replacement] = await tx
      .select()
      .from(devices)
      .where(sql`lower(${devices.serialNumber}) = lower(${input.newSerialNumber})`)
      .for("update");
    if (!replacement) throw invalidField("newSerialNumber", ACTION_ERRORS.unknownDevice);
    if (replacement.id === old.device.id) throw invalidField("newSerialNumber", ACTION_ERRORS.sameDevice);
    if (replacement.saleItemId) throw invalidField("newSerialNumber", ACTION_ERRORS.deviceTaken);
    if (replacement.faulty) throw invalidField("newSerialNumber", ACTION_ERRORS.deviceFaulty);
    const saleText = saleNumberText(account.number);
    // A unit registered without a stock item is sold as the one it replaces.
    const itemId = replacement.inventoryId ?? old.device.inventoryId;
    if (itemId) await takeOneUnit(tx, actor, itemId, `Swapped in on sale ${saleText}`);
    await tx
      .update(devices)
      .set({ saleItemId: old.device.saleItemId, inventoryId: itemId })
      .where(eq(devices.id, replacement.id));
    let destination: string = SWAP_DESTINATION_LABELS.FAULTY.toLowerCase();
    let resets = 0;
    if (input.destination === "RETURNED") {
      const { item, warehouse } = await returnToStock(tx, actor, {
        returnedItemId: input.returnedItemId!,
        unitCost: input.unitCost!,
        resalePrice: input.resalePrice!,
        units: 1,
        reason: `Swapped out of sale ${saleText}`,
      });
      await tx
        .update(devices)
        .set({ saleItemId: null, inventoryId: item.id })
        .where(eq(devices.id, old.device.id));
      resets = (await issueResetTokens(tx, [old.device.id], saleId, actor)).length;
      destination = `back in stock as ${item.name} in ${warehouse.name}`;
    } else {
      await tx.update(devices).set({ saleItemId: null, faulty: true }).where(eq(devices.id, old.device.id));
    }
    const paid = sale.paidKobo >= sale.totalKobo;
    const tokens = await issueGrantTokens(
      tx,
      [replacement.id],
      saleId,
      paid ? { kind: "DISABLE_PAYG" } : creditGrant(account.creditExpiry ?? today, today),
      actor,
    );
    await recordDeviceEvents(tx, actor, [
      {
        deviceId: old.device.id,
        saleId,
        kind: "SWAPPED_OUT",
        summary: `Replaced by ${replacement.serialNumber} on sale ${saleText}; ${destination}`,
      },
      {
        deviceId: replacement.id,
        saleId,
        kind: "SWAPPED_IN",
        summary: `Took the place of ${old.device.serialNumber} on sale ${saleText}`,
      },
    ]);
    const after = await refresh(tx, saleId, today);
    const tokenText = tokens.length
      ? `; ${paid ? "an unlock token" : `a token setting it to ${tokens[0].days} days`} issued`
      : "";
    const eventId = await record(tx, actor, account, {
      kind: "DEVICE_SWAPPED",
      summary: `${old.device.serialNumber} replaced by ${replacement.serialNumber}${tokenText}; the old device ${destination}${
        resets ? " with a reset token" : ""
      }`,
      reason: input.reason,
      before: { ...figuresOf(account), device: old.device.serialNumber },
      after: { ...figuresOf(after), device: replacement.serialNumber },
    });
    await queueTokenMessage(tx, { saleId, tokens, actorId: actor.userId });
    return { eventId, tokens };
  });
  return { ...(await answer(db, saleId, done.eventId)), tokens: done.tokens };
}
