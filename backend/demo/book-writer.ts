import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { insertByUnnest } from "../db/bulk-insert";
import { deviceTokens, devices, productInventories, salePayments, saleItems, sales } from "../db/schema";
import type { accountSchedule, accounts } from "../db/schema";
import type { Recipient } from "../schemas/sale-rules";
import type { PaymentMethod } from "../schemas/sale-rules";
import { insertOpened, monthEndsBetween, refreshAccounts } from "../services/loan-book";
import { ITEM_COLUMNS, PAYMENT_COLUMNS, SALE_COLUMNS } from "../services/sale-upload-write";
import { saleSchedule } from "../services/sale-schedule";
import { statusAfterPayment } from "../services/sale-payments";
import { grantForPayment } from "../services/device-tokens";
import type { SaleMoney } from "../services/device-tokens";
import { DISABLE_PAYG_VALUE, encodeToken } from "../services/openpaygo-token";

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
  /** A tokenable unit goes with the sale, and each payment's token is issued as a payment issues it. */
  device?: boolean;
};

type TokenRow = typeof deviceTokens.$inferInsert;

/**
 * The unit of a sale and the tokens its payments bought, as the payment flow makes them (the days of the
 * deposit and of each monthly amount, then unlocked for good once paid off): a random key and starting code.
 */
function unitWithTokens(
  sale: { id: string; itemId: string; inventoryId: string | null; createdAt: Date },
  money: SaleMoney,
  payments: { id: string; kobo: number; at: Date }[],
) {
  const deviceId = randomUUID();
  const key = randomBytes(16).toString("hex");
  const startingCode = 100_000_000 + randomInt(899_999_999);
  const tokens: TokenRow[] = [];
  let count = 0;
  let before = 0;
  for (const payment of payments) {
    const after = before + payment.kobo;
    const grant = grantForPayment("INSTALLMENT", money, before, after);
    before = after;
    if (!grant) continue;
    const value = grant.kind === "ADD_TIME" ? grant.days : DISABLE_PAYG_VALUE;
    const settings = {
      key,
      startingCode,
      count,
      restrictedDigitMode: false,
    };
    const encoded = encodeToken(
      grant.kind === "ADD_TIME"
        ? { ...settings, type: "ADD_TIME", value }
        : { ...settings, type: "DISABLE_PAYG" },
    );
    count = encoded.count;
    tokens.push({
      deviceId,
      token: encoded.token,
      count,
      kind: grant.kind,
      value,
      days: grant.kind === "ADD_TIME" ? grant.days : null,
      paymentId: payment.id,
      saleId: sale.id,
      issuedBy: null,
      createdAt: payment.at,
    });
  }
  const device: typeof devices.$inferInsert = {
    id: deviceId,
    serialNumber: `LB-${sale.id.slice(0, 8).toUpperCase()}`,
    key,
    startingCode: String(startingCode),
    count,
    timeDivider: 1,
    hardwareModel: "Solar home system",
    isTokenable: true,
    inventoryId: sale.inventoryId,
    saleItemId: sale.itemId,
    createdAt: sale.createdAt,
    updatedAt: sale.createdAt,
  };
  return { device, tokens };
}

const ROWS_PER_INSERT = 1_000;

/** The inventory item each product's unit comes from (its first), for the units a book's sales carry. */
async function unitInventories(db: AppDb, book: readonly BookSale[]) {
  const productIds = [...new Set(book.filter((sale) => sale.device).map((sale) => sale.productId))];
  if (productIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ productId: productInventories.productId, itemId: productInventories.inventoryItemId })
    .from(productInventories)
    .where(inArray(productInventories.productId, productIds));
  return new Map(rows.map((row) => [row.productId, row.itemId]));
}

// Noon in Lagos: a moment that is the same calendar day in UTC and in Lagos.
const atNoon = (date: string, secondsLater = 0) =>
  new Date(Date.parse(`${date}T11:00:00Z`) + secondsLater * 1000);

export async function writeBook(db: AppDb, book: readonly BookSale[], today: string): Promise<string[]> {
  const inventoryOf = await unitInventories(db, book);
  const deviceRows: (typeof devices.$inferInsert)[] = [];
  const tokenRows: TokenRow[] = [];
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
    const paymentsMade: { id: string; kobo: number; at: Date }[] = [];
    for (const [index, payment] of payments.entries()) {
      paid += payment.kobo;
      const made = { id: randomUUID(), kobo: payment.kobo, at: atNoon(payment.date, index) };
      paymentsMade.push(made);
      paymentRows.push({
        id: made.id,
        saleId: id,
        method: payment.method ?? "CASH",
        amountKobo: payment.kobo,
        status: paid >= totalKobo ? "COMPLETED" : "INCOMPLETE",
        reference: `book-${id}-${index}`,
        notes: null,
        recordedBy: null,
        createdAt: made.at,
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
    const itemId = randomUUID();
    if (sale.device && !sale.cancelledOn) {
      const unit = unitWithTokens(
        { id, itemId, inventoryId: inventoryOf.get(sale.productId) ?? null, createdAt },
        { totalKobo, dueNowKobo: sale.depositKobo, totalMonthlyKobo: sale.monthlyKobo },
        paymentsMade,
      );
      deviceRows.push(unit.device);
      tokenRows.push(...unit.tokens);
    }
    itemRows.push({
      ...item,
      id: itemId,
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
    for (let start = 0; start < deviceRows.length; start += ROWS_PER_INSERT)
      await tx.insert(devices).values(deviceRows.slice(start, start + ROWS_PER_INSERT));
    for (let start = 0; start < tokenRows.length; start += ROWS_PER_INSERT)
      await tx.insert(deviceTokens).values(tokenRows.slice(start, start + ROWS_PER_INSERT));
    await refreshAccounts(
      tx,
      accountRows.map((row) => row.saleId),
      today,
    );
  });
  return accountRows.map((row) => row.saleId);
}
