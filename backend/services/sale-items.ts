import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import type { SaleItemRow as StoredSaleItem, SaleRow } from "../db/schema";
import {
  customers,
  devices,
  inventoryBatches,
  inventoryItems,
  paymentCheckouts,
  productInventories,
  products,
  saleContracts,
  saleItems,
  salePayments,
  sales,
} from "../db/schema";
import type { CheckoutStatus } from "../constants/payments";
import type { CustomerRecord } from "../schemas/customers";
import type { DeviceRecord } from "../schemas/devices";
import { pageOf } from "../schemas/list";
import { koboToNaira } from "../schemas/money";
import { paymentModesText } from "../schemas/products";
import type {
  ReferencePayment,
  ReferencePaymentStatus,
  ReferenceProduct,
  ReferenceSale,
  ReferenceSaleItem,
  SaleItemDetail,
  SaleItemList,
  SaleItemListQuery,
  SaleItemListRow,
} from "../schemas/sale-items";
import type { PaymentStatus, SaleRecord } from "../schemas/sales";
import type { StaffActor } from "./audit";
import { customerRecordsOf } from "./customers";
import { tokensOfDevices } from "./device-tokens";
import { devicesOfSaleItems } from "./devices";
import { notFound } from "./errors";
import { referenceInventoryItem } from "./products";
import { SALE_NOT_FOUND, findSale, saleConditions, searchCondition } from "./sale-records";
import { imageOf } from "./stock-common";

// The reference's shapes of a sale and its items (§4.9, §7): the sales list of its clients, a sale item
// opened by its id, and the contracts (services/contracts.ts) answer them.

const naira = (kobo: number) => koboToNaira(Number(kobo));

export const referenceSaleColumns = {
  id: sales.id,
  status: sales.status,
  customerId: sales.customerId,
  creatorId: sales.creatorId,
  totalKobo: sales.totalKobo,
  paidKobo: sales.paidKobo,
  totalMonthlyKobo: sales.totalMonthlyKobo,
  dueNowKobo: sales.dueNowKobo,
  installmentMonths: sales.installmentMonths,
  applyMargin: sales.applyMargin,
  createdAt: sales.createdAt,
  updatedAt: sales.updatedAt,
  hasContract: sql<boolean>`exists (select 1 from ${saleContracts} where ${saleContracts.saleId} = ${sales.id})`,
};
type ReferenceSaleRow = Pick<SaleRow, Exclude<keyof typeof referenceSaleColumns, "hasContract">> & {
  hasContract: boolean;
};

export function referenceSale(row: ReferenceSaleRow): ReferenceSale {
  return {
    id: row.id,
    category: "PRODUCT",
    status: row.status,
    customerId: row.customerId,
    creatorId: row.creatorId,
    totalPrice: naira(row.totalKobo),
    totalPaid: naira(row.paidKobo),
    totalMonthlyPayment: naira(row.totalMonthlyKobo),
    installmentStartingPrice: naira(row.dueNowKobo),
    totalInstallmentDuration: row.installmentMonths,
    applyMargin: row.applyMargin,
    installmentAccountDetailsId: null,
    deliveredAccountDetails: false,
    // A contract is kept per sale, so it goes by its sale's id.
    contractId: row.hasContract ? row.id : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: null,
  };
}

export const referenceItemColumns = {
  id: saleItems.id,
  saleId: saleItems.saleId,
  productId: saleItems.productId,
  quantity: saleItems.quantity,
  paymentMode: saleItems.paymentMode,
  discountBps: saleItems.discountBps,
  installmentDuration: saleItems.installmentDuration,
  installmentStartingBps: saleItems.installmentStartingBps,
  miscellaneous: saleItems.miscellaneous,
  recipient: saleItems.recipient,
  totalKobo: saleItems.totalKobo,
  monthlyPaymentKobo: saleItems.monthlyPaymentKobo,
};
type ReferenceItemRow = Pick<StoredSaleItem, keyof typeof referenceItemColumns>;

/** An item is written with its sale and keeps its times. */
export function referenceSaleItem(
  item: ReferenceItemRow,
  sale: { createdAt: Date },
  deviceIds: string[],
): ReferenceSaleItem {
  const instalment = item.paymentMode === "INSTALLMENT";
  const at = sale.createdAt.toISOString();
  return {
    id: item.id,
    productId: item.productId,
    quantity: item.quantity,
    saleId: item.saleId,
    discount: item.discountBps / 100,
    totalPrice: naira(item.totalKobo),
    monthlyPayment: instalment ? naira(item.monthlyPaymentKobo) : null,
    paymentMode: item.paymentMode,
    miscellaneousPrices: item.miscellaneous.length
      ? Object.fromEntries(item.miscellaneous.map((cost) => [cost.name, naira(cost.costKobo)]))
      : null,
    saleRecipientId: item.id,
    installmentDuration: instalment ? item.installmentDuration : null,
    installmentStartingPrice: instalment ? item.installmentStartingBps / 100 : null,
    deviceIDs: deviceIds,
    createdAt: at,
    updatedAt: at,
  };
}

export function recipientRow(item: ReferenceItemRow, sale: { createdAt: Date }) {
  const at = sale.createdAt.toISOString();
  return { id: item.id, ...item.recipient, createdAt: at, updatedAt: at };
}

function itemConditions(query: SaleItemListQuery) {
  return and(...saleConditions(query), query.search ? searchCondition(query.search) : undefined);
}

export async function countSaleItems(db: AppDb, query: SaleItemListQuery): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .innerJoin(customers, eq(customers.id, sales.customerId))
    .where(itemConditions(query));
  return total;
}

/** The reference's order: newest sale first (its items in a fixed order). */
export async function listSaleItems(
  db: AppDb,
  query: SaleItemListQuery,
  total: () => Promise<number>,
): Promise<SaleItemList> {
  const [rows, counted] = await Promise.all([
    db
      .select({ item: referenceItemColumns, sale: referenceSaleColumns })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .where(itemConditions(query))
      .orderBy(desc(sales.createdAt), desc(sales.id), asc(saleItems.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    total(),
  ]);
  const itemIds = rows.map((row) => row.item.id);
  const [customersById, devicesByItem] = await Promise.all([
    customerRecordsOf(
      db,
      rows.map((row) => row.sale.customerId),
    ),
    devicesOfSaleItems(db, itemIds),
  ]);
  const items = rows.flatMap(({ item, sale }) => {
    const customer = customersById.get(sale.customerId);
    return customer ? [saleItemRow(item, sale, customer, devicesByItem.get(item.id) ?? [])] : [];
  });
  return pageOf("saleItems", items, counted, query);
}

/** A row of the reference's sales list: the item with its sale, the sale's customer, its units and recipient. */
function saleItemRow(
  item: ReferenceItemRow,
  sale: ReferenceSaleRow,
  customer: CustomerRecord,
  linked: DeviceRecord[],
): SaleItemListRow {
  return {
    ...referenceSaleItem(
      item,
      sale,
      linked.map((device) => device.id),
    ),
    sale: { ...referenceSale(sale), customer },
    devices: linked,
    SaleRecipient: recipientRow(item, sale),
  };
}

/**
 * GET /sales/:id: a sale's id answers our sale page's record; a sale item's id (the reference's clients
 * open a row of GET /sales by its id) answers the reference's sale item.
 */
export async function getSaleOrItem(
  db: AppDb,
  id: string,
  viewer: Pick<StaffActor, "permissions">,
): Promise<SaleRecord | SaleItemDetail> {
  const found = (await findSale(db, id, viewer)) ?? (await findSaleItem(db, id));
  if (!found) throw notFound(SALE_NOT_FOUND);
  return found;
}

async function findSaleItem(db: AppDb, id: string): Promise<SaleItemDetail | null> {
  const [found] = await db
    .select({ item: referenceItemColumns, sale: referenceSaleColumns })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .where(eq(saleItems.id, id))
    .limit(1);
  if (!found) return null;
  const { item, sale } = found;
  const [customersById, devicesByItem, productsById, payment] = await Promise.all([
    customerRecordsOf(db, [sale.customerId]),
    devicesOfSaleItems(db, [item.id]),
    referenceProductsOf(db, [item.productId]),
    referencePayments(db, sale.id),
  ]);
  const customer = customersById.get(sale.customerId);
  const product = productsById.get(item.productId);
  if (!customer || !product) return null;
  const linked = devicesByItem.get(item.id) ?? [];
  const tokens = await tokensOfDevices(
    db,
    linked.map((device) => device.id),
  );
  const row = saleItemRow(item, sale, customer, linked);
  return {
    ...row,
    sale: { ...row.sale, payment, installmentAccountDetails: null },
    devices: row.devices.map((device) => ({
      ...device,
      tokens: tokens.filter((token) => token.deviceId === device.id),
    })),
    product,
  };
}

/** The products of these items, each with its links to items and the items' rows, as the reference includes them. */
export async function referenceProductsOf(db: AppDb, productIds: string[]) {
  const ids = [...new Set(productIds)];
  const byId = new Map<string, ReferenceProduct>();
  if (ids.length === 0) return byId;
  const [heads, links] = await Promise.all([
    db.select().from(products).where(inArray(products.id, ids)),
    db
      .select({
        productId: productInventories.productId,
        quantity: productInventories.quantity,
        item: inventoryItems,
        inStock: sql<boolean>`exists (select 1 from ${inventoryBatches} where ${and(
          eq(inventoryBatches.inventoryItemId, inventoryItems.id),
          gt(inventoryBatches.remainingQuantity, 0),
        )})`,
      })
      .from(productInventories)
      .innerJoin(inventoryItems, eq(inventoryItems.id, productInventories.inventoryItemId))
      .where(inArray(productInventories.productId, ids))
      .orderBy(asc(inventoryItems.name), asc(inventoryItems.id)),
  ]);
  for (const product of heads) {
    byId.set(product.id, {
      id: product.id,
      name: product.name,
      description: null,
      image: imageOf(product.imageFileId),
      currency: "NGN",
      paymentModes: paymentModesText(product.paymentModes),
      creatorId: product.creatorId,
      categoryId: product.categoryId,
      createdAt: product.createdAt.toISOString(),
      updatedAt: product.updatedAt.toISOString(),
      deletedAt: null,
      inventories: links
        .filter((link) => link.productId === product.id)
        .map(({ item, quantity, inStock }) => ({
          id: `${product.id}:${item.id}`,
          productId: product.id,
          inventoryId: item.id,
          quantity,
          inventory: { ...referenceInventoryItem(item, inStock), deletedAt: null },
        })),
    });
  }
  return byId;
}

// The reference keeps one Payment row per checkout, PENDING until verified. Here money received is a
// payment and a checkout stays apart until it is paid, so a sale's payments are both, without the
// checkouts already recorded as a payment.
type OpenCheckoutStatus = Extract<CheckoutStatus, "PENDING" | "FAILED" | "CANCELLED">;
const OPEN_CHECKOUT_STATUSES: OpenCheckoutStatus[] = ["PENDING", "FAILED", "CANCELLED"];
const isOpenCheckout = (status: CheckoutStatus): status is OpenCheckoutStatus =>
  (OPEN_CHECKOUT_STATUSES as CheckoutStatus[]).includes(status);

function referencePaymentStatus(status: PaymentStatus | OpenCheckoutStatus): ReferencePaymentStatus {
  if (status === "PENDING") return "PENDING";
  return status === "COMPLETED" || status === "INCOMPLETE" ? "COMPLETED" : "FAILED";
}

async function referencePayments(db: AppDb, saleId: string): Promise<ReferencePayment[]> {
  const [recorded, checkouts] = await Promise.all([
    db
      .select({
        id: salePayments.id,
        reference: salePayments.reference,
        amountKobo: salePayments.amountKobo,
        status: salePayments.status,
        createdAt: salePayments.createdAt,
        updatedAt: salePayments.updatedAt,
      })
      .from(salePayments)
      .where(eq(salePayments.saleId, saleId)),
    db
      .select({
        id: paymentCheckouts.id,
        reference: paymentCheckouts.reference,
        amountKobo: paymentCheckouts.amountKobo,
        status: paymentCheckouts.status,
        createdAt: paymentCheckouts.createdAt,
        updatedAt: paymentCheckouts.updatedAt,
      })
      .from(paymentCheckouts)
      .where(and(eq(paymentCheckouts.saleId, saleId), isNull(paymentCheckouts.paymentId))),
  ]);
  const open = checkouts.flatMap((checkout) =>
    isOpenCheckout(checkout.status) ? [{ ...checkout, status: checkout.status }] : [],
  );
  return [...recorded, ...open]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((payment) => ({
      id: payment.id,
      transactionRef: payment.reference,
      amount: naira(payment.amountKobo),
      paymentStatus: referencePaymentStatus(payment.status),
      status: payment.status,
      paymentDate: payment.createdAt.toISOString(),
      saleId,
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
      deletedAt: null,
    }));
}

/** The ids of the units sold on each item, for answers that carry only `deviceIDs`. */
export async function deviceIdsOfSaleItems(db: AppDb, saleItemIds: string[]) {
  const byItem = new Map<string, string[]>();
  if (saleItemIds.length === 0) return byItem;
  const rows = await db
    .select({ id: devices.id, saleItemId: devices.saleItemId })
    .from(devices)
    .where(inArray(devices.saleItemId, saleItemIds))
    .orderBy(asc(devices.serialNumber), asc(devices.id));
  for (const row of rows) {
    const key = row.saleItemId ?? "";
    byItem.set(key, [...(byItem.get(key) ?? []), row.id]);
  }
  return byItem;
}
