import { receiptNumberText, saleNumberIn, saleNumberText } from "../constants/record-numbers";
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDb } from "../db/client";
import {
  accountSchedule,
  paymentCheckouts,
  agents,
  customers,
  devices,
  productCategories,
  products,
  saleContracts,
  saleItems,
  salePayments,
  sales,
  users,
} from "../db/schema";
import { LAGOS_OFFSET_MS, lagosDate } from "../schemas/dates";
import { pageOf } from "../schemas/list";
import { koboToNaira } from "../schemas/money";
import { isGranted } from "../schemas/permissions";
import { DIFFERENT_AMOUNT_REVIEW } from "../constants/payments";
import type { TokenRecord } from "../schemas/payments";
import type {
  SaleList,
  SaleListItem,
  SaleListQuery,
  SaleRecord,
  SaleStats,
  SaleStatus,
  SaleTab,
} from "../schemas/sales";
import { SALE_STATUSES, SALE_TABS } from "../schemas/sales";
import type { StaffActor } from "./audit";
import { notFound } from "./errors";
import { tokensOfDevices } from "./device-tokens";
import { financialSettingsRecord } from "./financial-settings";
import { readRecordCounts } from "./record-counts";
import { amountDueNow, saleSchedule, withStatuses } from "./sale-schedule";
import { accountFigures } from "./portfolio";
import type { ScheduleLine } from "./sale-schedule";
import { saleStatement } from "./sale-statement";
import { containsPattern } from "./search";

export const SALE_NOT_FOUND = "Sale not found";

const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`;
const naira = (kobo: number) => koboToNaira(Number(kobo));
const bpsToPercent = (bps: number) => bps / 100;

/** Only roles that manage sales see a BVN in full; the rest see its last four digits. */
function shownBvn(bvn: string, viewer: Pick<StaffActor, "permissions">) {
  return isGranted(viewer.permissions, "manage:Sales") ? bvn : `•••••••${bvn.slice(-4)}`;
}

export async function getSale(
  db: AppDb,
  id: string,
  viewer: Pick<StaffActor, "permissions">,
): Promise<SaleRecord> {
  const sale = await findSale(db, id, viewer);
  if (!sale) throw notFound(SALE_NOT_FOUND);
  return sale;
}

/** The sale with this id, or null when there is none. */
export async function findSale(
  db: AppDb,
  id: string,
  viewer: Pick<StaffActor, "permissions">,
): Promise<SaleRecord | null> {
  const sale = await readSaleHead(db, id);
  if (!sale) return null;
  const { items, linked, contract, payments } = await readSaleParts(db, id);
  const tokens = await tokensOfDevices(
    db,
    linked.map((device) => device.id),
  );
  const row = sale.sale;
  const [stored, account] = await Promise.all([storedSchedule(db, id), accountFigures(db, id)]);
  // An account's schedule is kept by the database (issue 26); a sale paid outright has it derived.
  const schedule = stored.length ? withStatuses(stored) : scheduleOf(row, items);
  return {
    id: row.id,
    saleNumber: saleNumberText(row.number),
    status: row.status,
    paymentMethod: row.paymentMethod,
    applyMargin: row.applyMargin,
    financialSettings: financialSettingsRecord({
      ...row,
      pricingRule: row.applyMargin ? "COST_PLUS_MARGIN" : "BATCH_PRICE",
    }),
    customer: sale.customer,
    agent: personOf(row.agentId, sale.agentFirstname, sale.agentLastname),
    createdBy: personOf(row.creatorId, sale.creatorFirstname, sale.creatorLastname),
    totalPrice: naira(row.totalKobo),
    installmentStartingPrice: naira(row.dueNowKobo),
    totalMonthlyPayment: naira(row.totalMonthlyKobo),
    totalPaid: naira(row.paidKobo),
    balance: naira(row.totalKobo - row.paidKobo),
    amountDueNow: row.status === "CANCELLED" ? 0 : naira(amountDueNow(schedule)),
    items: items.map((item) => saleItemView(item, linked, tokens)),
    schedule: schedule.map((line) => ({
      number: line.number,
      dueDate: line.dueDate,
      amount: naira(line.amountKobo),
      paid: naira(line.paidKobo),
      status: line.status,
    })),
    statement: statementOf(row.totalKobo, schedule, payments),
    account: account
      ? {
          outstanding: account.outstanding,
          arrears: account.arrears,
          expected: account.expected,
          paid: account.paid,
          daysLate: account.daysLate,
          creditExpiry: account.creditExpiry,
          status: account.status,
          lastPaymentOn: account.lastPaymentOn,
        }
      : null,
    contract: contract ? contractView(contract, viewer) : null,
    payments: payments.map(paymentView),
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
  };
}

async function readSaleHead(db: AppDb, id: string) {
  const creator = alias(users, "creator");
  const [sale] = await db
    .select({
      sale: sales,
      customer: {
        id: customers.id,
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
        phone: customers.phone,
        location: customers.location,
      },
      agentFirstname: agents.firstname,
      agentLastname: agents.lastname,
      creatorFirstname: creator.firstname,
      creatorLastname: creator.lastname,
    })
    .from(sales)
    .innerJoin(customers, eq(customers.id, sales.customerId))
    .leftJoin(agents, eq(agents.id, sales.agentId))
    .leftJoin(creator, eq(creator.id, sales.creatorId))
    .where(eq(sales.id, id))
    .limit(1);
  return sale;
}

async function readSaleParts(db: AppDb, id: string) {
  const recorder = alias(users, "recorder");
  const [items, linked, contracts, payments] = await Promise.all([
    db
      .select({ item: saleItems, productName: products.name, category: productCategories.name })
      .from(saleItems)
      .innerJoin(products, eq(products.id, saleItems.productId))
      .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(eq(saleItems.saleId, id))
      .orderBy(asc(products.name), asc(saleItems.id)),
    db
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        hardwareModel: devices.hardwareModel,
        isTokenable: devices.isTokenable,
        saleItemId: devices.saleItemId,
      })
      .from(devices)
      .innerJoin(saleItems, eq(saleItems.id, devices.saleItemId))
      .where(eq(saleItems.saleId, id))
      .orderBy(asc(devices.serialNumber)),
    db.select().from(saleContracts).where(eq(saleContracts.saleId, id)).limit(1),
    db
      .select({
        payment: salePayments,
        recorderFirstname: recorder.firstname,
        recorderLastname: recorder.lastname,
        checkoutStatus: paymentCheckouts.status,
      })
      .from(salePayments)
      .leftJoin(recorder, eq(recorder.id, salePayments.recordedBy))
      .leftJoin(paymentCheckouts, eq(paymentCheckouts.paymentId, salePayments.id))
      .where(eq(salePayments.saleId, id))
      .orderBy(asc(salePayments.createdAt), asc(salePayments.id)),
  ]);
  return { items, linked, contract: contracts[0], payments };
}

type SaleParts = Awaited<ReturnType<typeof readSaleParts>>;

function scheduleOf(row: { createdAt: Date; paidKobo: number }, items: SaleParts["items"]) {
  return saleSchedule(
    row.createdAt,
    items.map(({ item }) => ({
      totalKobo: item.totalKobo,
      initialPaymentKobo: item.initialPaymentKobo,
      monthlyPaymentKobo: item.monthlyPaymentKobo,
      installmentDuration: item.installmentDuration,
    })),
    row.paidKobo,
  );
}

function storedSchedule(db: AppDb, saleId: string) {
  return db
    .select({
      number: accountSchedule.number,
      dueDate: accountSchedule.dueDate,
      amountKobo: accountSchedule.amountKobo,
      paidKobo: accountSchedule.paidKobo,
    })
    .from(accountSchedule)
    .where(eq(accountSchedule.saleId, saleId))
    .orderBy(asc(accountSchedule.number));
}

function personOf(id: string | null, firstname: string | null, lastname: string | null) {
  return id && firstname !== null ? { id, name: `${firstname} ${lastname}` } : null;
}

function saleItemView(
  { item, productName, category }: SaleParts["items"][number],
  linked: SaleParts["linked"],
  tokens: TokenRecord[],
): SaleRecord["items"][number] {
  return {
    id: item.id,
    product: { id: item.productId, name: productName, category },
    quantity: item.quantity,
    paymentMode: item.paymentMode,
    discount: bpsToPercent(item.discountBps),
    installmentDuration: item.installmentDuration,
    installmentStartingPrice: bpsToPercent(item.installmentStartingBps),
    miscellaneousPrices: Object.fromEntries(
      item.miscellaneous.map((cost) => [cost.name, naira(cost.costKobo)]),
    ),
    saleRecipient: item.recipient,
    basePrice: naira(item.baseKobo),
    discountAmount: naira(item.discountKobo),
    miscellaneousTotal: naira(item.miscellaneousKobo),
    interest: naira(item.interestKobo),
    margin: naira(item.marginKobo),
    totalPrice: naira(item.totalKobo),
    initialPayment: naira(item.initialPaymentKobo),
    monthlyPayment: naira(item.monthlyPaymentKobo),
    devices: linked
      .filter((device) => device.saleItemId === item.id)
      .map(({ id: deviceId, serialNumber, hardwareModel, isTokenable }) => ({
        id: deviceId,
        serialNumber,
        hardwareModel,
        isTokenable,
        tokens: tokens.filter((token) => token.deviceId === deviceId),
      })),
  };
}

function contractView(
  contract: NonNullable<SaleParts["contract"]>,
  viewer: Pick<StaffActor, "permissions">,
): NonNullable<SaleRecord["contract"]> {
  return {
    bvn: shownBvn(contract.bvn, viewer),
    identification: contract.identification,
    nextOfKin: contract.nextOfKin,
    guarantor: contract.guarantor,
  };
}

function statementOf(totalKobo: number, schedule: ScheduleLine[], payments: SaleParts["payments"]) {
  const received = payments.map(({ payment }) => ({
    date: lagosDate(payment.createdAt),
    amountKobo: payment.amountKobo,
    status: payment.status,
    receiptNumber: receiptNumberText(payment.number),
  }));
  return saleStatement(totalKobo, schedule, received).map((line) => ({
    date: line.date,
    kind: line.kind,
    description: line.description,
    due: naira(line.dueKobo),
    paid: naira(line.paidKobo),
    outstanding: naira(line.outstandingKobo),
    arrears: naira(line.arrearsKobo),
  }));
}

function paymentView({
  payment,
  recorderFirstname,
  recorderLastname,
  checkoutStatus,
}: SaleParts["payments"][number]): SaleRecord["payments"][number] {
  return {
    id: payment.id,
    receiptNumber: receiptNumberText(payment.number),
    amount: naira(payment.amountKobo),
    method: payment.method,
    status: payment.status,
    reference: payment.reference,
    provider: payment.provider,
    notes: payment.notes,
    review:
      checkoutStatus === "MISMATCHED" && payment.status !== "MISMATCHED" ? DIFFERENT_AMOUNT_REVIEW : null,
    recordedBy: personOf(payment.recordedBy, recorderFirstname, recorderLastname),
    date: lagosDate(payment.createdAt),
    createdAt: payment.createdAt.toISOString(),
  };
}

export function tabCondition(tab: SaleTab): SQL | undefined {
  // An online payment under way: the sale's latest checkout is not yet answered by the provider (an
  // earlier one left open is superseded by the customer starting again).
  const pendingOnline = sql`coalesce((select ${paymentCheckouts.status} from ${paymentCheckouts} where ${paymentCheckouts.saleId} = ${sales.id} order by ${paymentCheckouts.createdAt} desc, ${paymentCheckouts.id} desc limit 1) = 'PENDING', false)`;
  switch (tab) {
    case "all":
      return undefined;
    case "new":
      return and(eq(sales.status, "UNPAID"), sql`not ${pendingOnline}`);
    case "contract":
      return and(eq(sales.hasContract, true), inArray(sales.status, ["UNPAID", "IN_INSTALLMENT"]));
    case "payment":
      return or(
        and(eq(sales.status, "UNPAID"), pendingOnline),
        and(eq(sales.status, "IN_INSTALLMENT"), eq(sales.hasContract, false)),
      );
    case "installment":
      return and(eq(sales.status, "IN_INSTALLMENT"), eq(sales.hasContract, true));
    case "closed":
      return inArray(sales.status, ["COMPLETED", "CANCELLED"]);
  }
}

const lagosDayStart = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() - LAGOS_OFFSET_MS);
const nextDay = (day: string) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

export function saleConditions(query: SaleListQuery) {
  const conditions: (SQL | undefined)[] = [tabCondition(query.tab ?? "all")];
  if (query.status) conditions.push(eq(sales.status, query.status));
  if (query.customerId) conditions.push(eq(sales.customerId, query.customerId));
  if (query.agentId) conditions.push(eq(sales.agentId, query.agentId));
  // Dates are Lagos calendar days; the end date counts whole.
  if (query.startDate) conditions.push(gte(sales.createdAt, lagosDayStart(query.startDate)));
  if (query.endDate) conditions.push(lt(sales.createdAt, lagosDayStart(nextDay(query.endDate))));
  return conditions;
}

export function searchCondition(search: string) {
  const pattern = containsPattern(search);
  return or(
    ilike(sql`${customers.firstname} || ' ' || ${customers.lastname}`, pattern),
    ilike(customers.email, pattern),
    ilike(customers.phone, pattern),
    ilike(sales.id, pattern),
    eq(sales.number, saleNumberIn(search) ?? -1),
  );
}

export function isWholeTab(query: SaleListQuery) {
  const { page: _page, limit: _limit, tab: _tab, ...filters } = query;
  return Object.values(filters).every((value) => value === undefined || value === "");
}

// A whole tab's total is already among the header counts: no second scan of the sales.
export async function saleTotalFromStats(query: SaleListQuery, stats: () => Promise<SaleStats>) {
  return isWholeTab(query) ? (await stats()).byTab[query.tab ?? "all"] : undefined;
}

export function saleCountKey(query: SaleListQuery) {
  const { page: _page, limit: _limit, ...filters } = query;
  return JSON.stringify(filters);
}

export async function countSales(db: AppDb, query: SaleListQuery): Promise<number> {
  const conditions = saleConditions(query);
  if (!query.search) {
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(sales)
      .where(and(...conditions));
    return total;
  }
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(sales)
    .innerJoin(customers, eq(customers.id, sales.customerId))
    .where(and(...conditions, searchCondition(query.search)));
  return total;
}

// Without a search the page's ids are found first, on the sales table and its index alone, so a deep page
// does not join the whole table.
export async function listSales(
  db: AppDb,
  query: SaleListQuery,
  total: () => Promise<number>,
): Promise<SaleList> {
  const conditions = saleConditions(query);
  const offset = (query.page - 1) * query.limit;
  const pageIds = query.search
    ? db
        .select({ id: sales.id, createdAt: sales.createdAt })
        .from(sales)
        .innerJoin(customers, eq(customers.id, sales.customerId))
        .where(and(...conditions, searchCondition(query.search)))
        .orderBy(desc(sales.createdAt), desc(sales.id))
        .limit(query.limit)
        .offset(offset)
        .as("page")
    : db
        .select({ id: sales.id, createdAt: sales.createdAt })
        .from(sales)
        .where(and(...conditions))
        .orderBy(desc(sales.createdAt), desc(sales.id))
        .limit(query.limit)
        .offset(offset)
        .as("page");
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: sales.id,
        number: sales.number,
        status: sales.status,
        paymentMethod: sales.paymentMethod,
        hasContract: sales.hasContract,
        totalKobo: sales.totalKobo,
        paidKobo: sales.paidKobo,
        createdAt: sales.createdAt,
        customerId: customers.id,
        customerFirstname: customers.firstname,
        customerLastname: customers.lastname,
        customerEmail: customers.email,
        customerPhone: customers.phone,
        agentId: agents.id,
        agentFirstname: agents.firstname,
        agentLastname: agents.lastname,
        products: sql<string[]>`array(
          select ${products.name} from ${saleItems}
          inner join ${products} on ${products.id} = ${saleItems.productId}
          where ${saleItems.saleId} = ${sales.id} order by ${products.name})`,
      })
      .from(pageIds)
      .innerJoin(sales, eq(sales.id, pageIds.id))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .leftJoin(agents, eq(agents.id, sales.agentId))
      .orderBy(desc(pageIds.createdAt), desc(pageIds.id)),
    total(),
  ]);
  const items: SaleListItem[] = rows.map((row) => ({
    id: row.id,
    saleNumber: saleNumberText(row.number),
    status: row.status,
    paymentMethod: row.paymentMethod,
    hasContract: row.hasContract,
    customer: {
      id: row.customerId,
      name: fullName({ firstname: row.customerFirstname, lastname: row.customerLastname }),
      email: row.customerEmail,
      phone: row.customerPhone,
    },
    agent:
      row.agentId && row.agentFirstname !== null && row.agentLastname !== null
        ? { id: row.agentId, name: fullName({ firstname: row.agentFirstname, lastname: row.agentLastname }) }
        : null,
    products: row.products,
    totalPrice: naira(row.totalKobo),
    totalPaid: naira(row.paidKobo),
    balance: naira(row.totalKobo - row.paidKobo),
    createdAt: row.createdAt.toISOString(),
  }));
  return pageOf("sales", items, counted, query);
}

export interface SaleShape {
  status: SaleStatus;
  hasContract: boolean;
  pendingOnline: boolean;
}

/** Must agree with `tabCondition` (compared in sale-stats.test.ts). */
export function isInTab(tab: SaleTab, sale: SaleShape): boolean {
  const open = sale.status === "UNPAID" || sale.status === "IN_INSTALLMENT";
  switch (tab) {
    case "all":
      return true;
    case "new":
      return sale.status === "UNPAID" && !sale.pendingOnline;
    case "contract":
      return sale.hasContract && open;
    case "payment":
      return (
        (sale.status === "UNPAID" && sale.pendingOnline) ||
        (sale.status === "IN_INSTALLMENT" && !sale.hasContract)
      );
    case "installment":
      return sale.status === "IN_INSTALLMENT" && sale.hasContract;
    case "closed":
      return sale.status === "COMPLETED" || sale.status === "CANCELLED";
  }
}

// Status and contract come from the record counters the database keeps (decision 026); only unpaid sales
// waiting on an online checkout are looked up, through the index of pending checkouts.
export async function saleStats(db: AppDb): Promise<SaleStats> {
  const [counts, waiting] = await Promise.all([readRecordCounts(db), unpaidWaitingOnCheckout(db)]);
  const groups: (SaleShape & { count: number })[] = SALE_STATUSES.flatMap((status) =>
    [false, true].flatMap((hasContract) => {
      const count = counts.get(`sales:${status}:${hasContract}`) ?? 0;
      // Two reads, so on PostgreSQL two snapshots: a sale changing between them must not make a count
      // negative (the next read, after the change emptied the cache, is exact again).
      const pending = status === "UNPAID" ? Math.min(waiting.get(hasContract) ?? 0, count) : 0;
      return [
        { status, hasContract, pendingOnline: false, count: count - pending },
        { status, hasContract, pendingOnline: true, count: pending },
      ];
    }),
  );
  const countWhere = (test: (sale: SaleShape) => boolean) =>
    groups.reduce((sum, group) => sum + (test(group) ? group.count : 0), 0);
  const byTab = Object.fromEntries(
    SALE_TABS.map((tab) => [tab, countWhere((sale) => isInTab(tab, sale))]),
  ) as Record<SaleTab, number>;
  return {
    all: byTab.all,
    active: countWhere((sale) => sale.status === "UNPAID" || sale.status === "IN_INSTALLMENT"),
    cancelled: countWhere((sale) => sale.status === "CANCELLED"),
    byTab,
  };
}

async function unpaidWaitingOnCheckout(db: AppDb): Promise<Map<boolean, number>> {
  const latestCheckoutStatus = sql`(select ${paymentCheckouts.status} from ${paymentCheckouts}
    where ${paymentCheckouts.saleId} = ${sales.id}
    order by ${paymentCheckouts.createdAt} desc, ${paymentCheckouts.id} desc limit 1)`;
  const withPendingCheckout = db
    .select({ saleId: paymentCheckouts.saleId })
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.status, "PENDING"));
  const rows = await db
    .select({ hasContract: sales.hasContract, count: sql<number>`count(*)::int` })
    .from(sales)
    .where(
      and(
        eq(sales.status, "UNPAID"),
        inArray(sales.id, withPendingCheckout),
        sql`${latestCheckoutStatus} = 'PENDING'`,
      ),
    )
    .groupBy(sales.hasContract);
  return new Map(rows.map((row) => [row.hasContract, row.count]));
}
