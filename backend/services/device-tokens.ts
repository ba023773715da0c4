import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDb } from "../db/client";
import { deviceTokens, devices, saleItems, users } from "../db/schema";
import type { DeviceRow } from "../db/schema";
import type { GenerateTokenInput, TokenKind, TokenRecord } from "../schemas/payments";
import { recordAudit } from "./audit";
import type { Actor, StaffActor } from "./audit";
import { DEVICE_NOT_FOUND } from "./devices";
import { addDays, daysBetween } from "../schemas/dates";
import { invalid, invalidField, notFound } from "./errors";
import { queueTokenMessage } from "./messaging/triggers";
import {
  DISABLE_PAYG_VALUE,
  MAX_ACTIVATION_VALUE,
  MAX_COUNT,
  MAX_TIME_DIVIDER,
  encodeToken,
} from "./openpaygo-token";

export const DAYS_PER_INSTALMENT = 30;
export const NOT_TOKENABLE = "This device is not tokenable";
export const NO_STARTING_CODE = "This device has no starting code, so no token can be made for it";

// Devices are registered with free text (spec §Device), so the encoder's needs are checked here rather
// than failing in the middle of a payment.
export function tokenSettingsProblem(
  device: Pick<DeviceRow, "key" | "startingCode" | "timeDivider" | "count">,
): string | null {
  if (!device.startingCode) return NO_STARTING_CODE;
  if (!/^\d{1,9}$/.test(device.startingCode))
    return "This device's starting code is not a number of at most 9 digits";
  if (!/^[0-9a-fA-F]{32}$/.test(device.key))
    return "This device's key is not an OpenPAYGO key (32 hexadecimal characters)";
  if (device.timeDivider !== null && (device.timeDivider < 1 || device.timeDivider > MAX_TIME_DIVIDER))
    return `This device's time divider must be from 1 to ${MAX_TIME_DIVIDER}`;
  if (device.count !== null && (device.count < 0 || device.count >= MAX_COUNT))
    return "This device's count is out of range";
  return null;
}

export type SaleMoney = {
  totalKobo: number;
  dueNowKobo: number;
  totalMonthlyKobo: number;
  /** Set once the account is restructured: what had been paid then (decision 041). */
  termsFromKobo?: number | null;
};

// None before the deposit is paid in full, 30 for the deposit, then 30 more per monthly amount, pro rata;
// recomputed from the sum each time, so nothing is lost to rounding. After a restructure, 30 per new
// monthly amount counted from what had been paid then (only the difference between two sums is used).
export function daysBought(sale: SaleMoney, paidKobo: number): number {
  const from = sale.termsFromKobo;
  if (from !== null && from !== undefined && paidKobo >= from && sale.totalMonthlyKobo > 0)
    return Math.floor((DAYS_PER_INSTALMENT * (paidKobo - from)) / sale.totalMonthlyKobo);
  if (paidKobo < sale.dueNowKobo) return 0;
  if (sale.totalMonthlyKobo <= 0) return DAYS_PER_INSTALMENT;
  return (
    DAYS_PER_INSTALMENT +
    Math.floor((DAYS_PER_INSTALMENT * (paidKobo - sale.dueNowKobo)) / sale.totalMonthlyKobo)
  );
}

/**
 * SET_TIME sets the device's days left: 0 to reset a unit for resale; with `creditUntil`, to the account's
 * credit (a restructure, a swap), from which the device's later tokens count (decision 041).
 */
export type TokenGrant =
  | { kind: "DISABLE_PAYG" }
  | { kind: "ADD_TIME"; days: number }
  | { kind: "SET_TIME"; days: number; creditUntil: string | null };

// A one-off item unlocks for good once the amount due at the sale is paid; an instalment item gets the
// days bought, and unlocks for good when the whole sale is paid.
export function grantForPayment(
  paymentMode: "ONE_OFF" | "INSTALLMENT",
  sale: SaleMoney,
  before: number,
  after: number,
): TokenGrant | null {
  if (paymentMode === "ONE_OFF") {
    return before < sale.dueNowKobo && after >= sale.dueNowKobo ? { kind: "DISABLE_PAYG" } : null;
  }
  if (after >= sale.totalKobo) return before < sale.totalKobo ? { kind: "DISABLE_PAYG" } : null;
  const days = daysBought(sale, after) - daysBought(sale, before);
  return days > 0 ? { kind: "ADD_TIME", days } : null;
}

/** An unset divider means 1, never 0. */
const dividerOf = (device: Pick<DeviceRow, "timeDivider">) =>
  device.timeDivider && device.timeDivider > 0 ? device.timeDivider : 1;

export const maxDaysPerToken = (device: Pick<DeviceRow, "timeDivider">) =>
  Math.floor(MAX_ACTIVATION_VALUE / dividerOf(device));

type IssuedToken = {
  deviceId: string;
  serialNumber: string;
  token: string;
  days: number | null;
  kind?: TokenKind;
};

/** A token just written, with its row's id (the message that carries it names it). */
export type MintedToken = IssuedToken & { id: string; count: number; kind: TokenKind; value: number };

/** What a token does, as the customer reads it. */
export const tokenEffect = (token: Pick<IssuedToken, "days" | "kind">) =>
  token.days === null
    ? "unlocks the device for good"
    : token.kind === "SET_TIME"
      ? `sets the device to ${token.days} days`
      : `${token.days} days`;

/** The device must be locked by the caller's transaction; long grants are split over several tokens. */
async function mintTokens(
  tx: AppDb,
  device: DeviceRow,
  grant: TokenGrant,
  origin: { paymentId: string | null; saleId: string | null; issuedBy: string | null },
): Promise<MintedToken[]> {
  const problem = tokenSettingsProblem(device);
  if (problem) throw invalid(problem);
  const pieces: { kind: TokenKind; days: number | null; value: number; creditUntil: string | null }[] = [];
  const perToken = maxDaysPerToken(device);
  const addTime = (total: number) => {
    for (let left = total; left > 0; left -= perToken) {
      const days = Math.min(left, perToken);
      pieces.push({ kind: "ADD_TIME", days, value: days * dividerOf(device), creditUntil: null });
    }
  };
  if (grant.kind === "DISABLE_PAYG")
    pieces.push({ kind: "DISABLE_PAYG", days: null, value: DISABLE_PAYG_VALUE, creditUntil: null });
  else if (grant.kind === "SET_TIME") {
    // More days than one token holds: the set token takes what fits, added-time tokens the rest, and the
    // set token's credit day is moved back by what they add.
    const set = Math.min(grant.days, perToken);
    const creditUntil = grant.creditUntil && addDays(grant.creditUntil, set - grant.days);
    pieces.push({ kind: "SET_TIME", days: set, value: set * dividerOf(device), creditUntil });
    addTime(grant.days - set);
  } else addTime(grant.days);
  let count = device.count ?? 0;
  const made = [];
  for (const piece of pieces) {
    const settings = {
      key: device.key,
      startingCode: Number(device.startingCode),
      count,
      restrictedDigitMode: device.restrictedDigitMode,
    };
    const encoded = encodeToken(
      piece.kind === "DISABLE_PAYG"
        ? { ...settings, type: "DISABLE_PAYG" }
        : { ...settings, type: piece.kind, value: piece.value },
    );
    count = encoded.count;
    const [row] = await tx
      .insert(deviceTokens)
      .values({
        deviceId: device.id,
        token: encoded.token,
        count,
        kind: piece.kind,
        value: piece.value,
        days: piece.days,
        creditUntil: piece.creditUntil,
        ...origin,
      })
      .returning({ id: deviceTokens.id });
    made.push({
      id: row.id,
      deviceId: device.id,
      serialNumber: device.serialNumber,
      token: encoded.token,
      days: piece.days,
      count,
      kind: piece.kind,
      value: piece.value,
    });
  }
  await tx.update(devices).set({ count }).where(eq(devices.id, device.id));
  return made;
}

// Runs inside the payment's transaction, devices locked, so two payments never use one count twice.
export async function issueTokensForPayment(
  tx: AppDb,
  payment: { id: string; saleId: string; before: number; after: number; sale: SaleMoney },
  actor: Actor,
): Promise<MintedToken[]> {
  const linked = await tx
    .select({ device: devices, paymentMode: saleItems.paymentMode })
    .from(devices)
    .innerJoin(saleItems, eq(saleItems.id, devices.saleItemId))
    .where(and(eq(saleItems.saleId, payment.saleId), eq(devices.isTokenable, true)))
    .orderBy(asc(devices.id))
    .for("update", { of: devices });
  const issued: MintedToken[] = [];
  for (const { device, paymentMode } of linked) {
    const grant = grantForPayment(paymentMode, payment.sale, payment.before, payment.after);
    // A device that cannot take a token does not stop the payment, which is real money; staff see no
    // token under it on the sale page and can fix the device and issue one by hand.
    if (!grant || tokenSettingsProblem(device)) continue;
    issued.push(
      ...(await mintTokens(tx, device, grant, {
        paymentId: payment.id,
        saleId: payment.saleId,
        issuedBy: actor.userId,
      })),
    );
  }
  return issued;
}

/**
 * A delay's days on every tokenable device of the sale, inside the delay's transaction (devices locked).
 * A device that cannot take a token is left out, as for a payment: staff see no token under it.
 */
export async function issueTokensForDelay(
  tx: AppDb,
  saleId: string,
  days: number,
  actor: Actor,
): Promise<MintedToken[]> {
  const linked = await tx
    .select({ device: devices })
    .from(devices)
    .innerJoin(saleItems, eq(saleItems.id, devices.saleItemId))
    .where(and(eq(saleItems.saleId, saleId), eq(devices.isTokenable, true)))
    .orderBy(asc(devices.id))
    .for("update", { of: devices });
  const issued: MintedToken[] = [];
  for (const { device } of linked) {
    if (tokenSettingsProblem(device)) continue;
    issued.push(
      ...(await mintTokens(
        tx,
        device,
        { kind: "ADD_TIME", days },
        {
          paymentId: null,
          saleId,
          issuedBy: actor.userId,
        },
      )),
    );
  }
  return issued;
}

/**
 * One grant for each of the given devices that takes tokens, inside the caller's transaction (devices
 * locked here, in id order as a payment locks them).
 */
export async function issueGrantTokens(
  tx: AppDb,
  deviceIds: string[],
  saleId: string,
  grant: TokenGrant,
  actor: Actor,
): Promise<MintedToken[]> {
  if (deviceIds.length === 0) return [];
  const locked = await tx
    .select()
    .from(devices)
    .where(and(inArray(devices.id, deviceIds), eq(devices.isTokenable, true)))
    .orderBy(asc(devices.id))
    .for("update");
  const issued: MintedToken[] = [];
  for (const device of locked) {
    if (tokenSettingsProblem(device)) continue;
    issued.push(
      ...(await mintTokens(tx, device, grant, { paymentId: null, saleId, issuedBy: actor.userId })),
    );
  }
  return issued;
}

/**
 * A repossessed unit's devices, unlinked by the caller in the same transaction: each tokenable one gets a
 * reset (set time to zero) so it is locked until its next owner pays; its count carries on.
 */
export const issueResetTokens = (tx: AppDb, deviceIds: string[], saleId: string, actor: Actor) =>
  issueGrantTokens(tx, deviceIds, saleId, { kind: "SET_TIME", days: 0, creditUntil: null }, actor);

/** A device set to an account's credit: the days left to `creditUntil` from today, none when past. */
export const creditGrant = (creditUntil: string, today: string): TokenGrant => ({
  kind: "SET_TIME",
  days: Math.max(0, daysBetween(today, creditUntil)),
  creditUntil,
});

export async function issueManualToken(
  db: AppDb,
  actor: StaffActor,
  deviceId: string,
  input: GenerateTokenInput,
) {
  const result = await db.transaction(async (tx) => {
    // The sold unit's account first: its token refreshes the account, and a payment or a contract action
    // takes the account before the device. The same order here means two at once wait, never deadlock.
    const [sold] = await tx
      .select({ saleId: saleItems.saleId })
      .from(devices)
      .innerJoin(saleItems, eq(saleItems.id, devices.saleItemId))
      .where(eq(devices.id, deviceId));
    if (sold) await tx.execute(sql`select 1 from accounts where sale_id = ${sold.saleId} for update`);
    const [device] = await tx.select().from(devices).where(eq(devices.id, deviceId)).for("update");
    if (!device) throw notFound(DEVICE_NOT_FOUND);
    if (!device.isTokenable) throw invalid(NOT_TOKENABLE);
    const problem = tokenSettingsProblem(device);
    if (problem) throw invalid(problem);
    const grant: TokenGrant = input.unlock
      ? { kind: "DISABLE_PAYG" }
      : { kind: "ADD_TIME", days: input.days ?? 0 };
    if (grant.kind === "ADD_TIME" && grant.days > maxDaysPerToken(device)) {
      throw invalidField("days", `At most ${maxDaysPerToken(device)} days fit in one token for this device`);
    }
    const [sale] = device.saleItemId
      ? await tx.select({ id: saleItems.saleId }).from(saleItems).where(eq(saleItems.id, device.saleItemId))
      : [];
    const [token] = await mintTokens(tx, device, grant, {
      paymentId: null,
      saleId: sale?.id ?? null,
      issuedBy: actor.userId,
    });
    await recordAudit(tx, actor, {
      action: "generate-token",
      subject: "Devices",
      recordId: device.id,
      summary:
        grant.kind === "DISABLE_PAYG"
          ? `Issued an unlock token for device ${device.serialNumber}`
          : `Issued a ${grant.days}-day token for device ${device.serialNumber}`,
      changes: { tokenId: token.id, count: token.count },
    });
    // The customer who bought the unit gets the token, in the same transaction.
    if (sale) await queueTokenMessage(tx, { saleId: sale.id, tokens: [token], actorId: actor.userId });
    return { token, saleId: sale?.id ?? null };
  });
  const [record] = await tokensWhere(db, eq(deviceTokens.id, result.token.id));
  return {
    token: result.token.token,
    count: result.token.count,
    days: result.token.days,
    record,
    saleId: result.saleId,
  };
}

const issuer = alias(users, "issuer");

async function tokensWhere(db: AppDb, condition: SQL): Promise<TokenRecord[]> {
  const rows = await db
    .select({
      token: deviceTokens,
      serialNumber: devices.serialNumber,
      issuerFirstname: issuer.firstname,
      issuerLastname: issuer.lastname,
    })
    .from(deviceTokens)
    .innerJoin(devices, eq(devices.id, deviceTokens.deviceId))
    .leftJoin(issuer, eq(issuer.id, deviceTokens.issuedBy))
    .where(condition)
    .orderBy(desc(deviceTokens.createdAt), desc(deviceTokens.count));
  return rows.map(({ token, serialNumber, issuerFirstname, issuerLastname }) => ({
    id: token.id,
    token: token.token,
    count: token.count,
    kind: token.kind,
    days: token.days,
    value: token.value,
    deviceId: token.deviceId,
    serialNumber,
    paymentId: token.paymentId,
    saleId: token.saleId,
    issuedBy:
      token.issuedBy && issuerFirstname !== null
        ? { id: token.issuedBy, name: `${issuerFirstname} ${issuerLastname}` }
        : null,
    createdAt: token.createdAt.toISOString(),
  }));
}

export const deviceTokenRecords = (db: AppDb, deviceId: string) =>
  tokensWhere(db, eq(deviceTokens.deviceId, deviceId));

export const tokenRecords = (db: AppDb, tokenIds: string[]) =>
  tokensWhere(db, inArray(deviceTokens.id, tokenIds));

export async function tokensOfDevices(db: AppDb, deviceIds: string[]): Promise<TokenRecord[]> {
  if (deviceIds.length === 0) return [];
  return tokensWhere(db, inArray(deviceTokens.deviceId, deviceIds));
}
