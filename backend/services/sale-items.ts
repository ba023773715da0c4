import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import type { SaleItemRow as StoredSaleItem, SaleRow } from "../db/schema";
import { customers, devices, saleContracts, saleItems, sales } from "../db/schema";
import { pageOf } from "../schemas/list";
import { koboToNaira } from "../schemas/money";
import type {
  ReferenceSale,
  ReferenceSaleItem,
  SaleItemList,
  SaleItemListQuery,
  SaleItemListRow,
} from "../schemas/sale-items";
import { customerRecordsOf } from "./customers";
import { devicesOfSaleItems } from "./devices";
import { saleConditions, searchCondition } from "./sale-records";

// The reference's shapes of a sale and its items (§4.9, §7): the sales list of its clients and the
// contracts (services/contracts.ts) answer them.

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
  const items: SaleItemListRow[] = [];
  for (const { item, sale } of rows) {
    const customer = customersById.get(sale.customerId);
    if (!customer) continue;
    const linked = devicesByItem.get(item.id) ?? [];
    items.push({
      ...referenceSaleItem(
        item,
        sale,
        linked.map((device) => device.id),
      ),
      sale: { ...referenceSale(sale), customer },
      devices: linked,
      SaleRecipient: recipientRow(item, sale),
    });
  }
  return pageOf("saleItems", items, counted, query);
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
