import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { agents, customers, devices, products, saleItems, sales } from "../db/schema";
import { LAGOS_OFFSET_MS, lagosDate } from "../schemas/dates";
import { koboToNaira } from "../schemas/money";
import type { SalesExportQuery } from "../schemas/sale-uploads";
import { saleNumberText } from "../constants/record-numbers";
import { invalidField } from "./errors";

// Read in keyset pages so memory stays flat however many sales there are; dates are Lagos calendar days.

const lagosDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS);
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function checkExportDates(query: SalesExportQuery, today = lagosDate(new Date())) {
  if (query.endDate && query.endDate > today)
    throw invalidField("endDate", "End date cannot be in the future");
  if (query.startDate && query.startDate > today)
    throw invalidField("startDate", "Start date cannot be in the future");
}

export function exportFileName(query: SalesExportQuery, today = lagosDate(new Date())) {
  if (!query.startDate && !query.endDate) return `sales_export_${today}.csv`;
  return `sales_export_${query.startDate ?? "start"}_to_${query.endDate ?? today}.csv`;
}

export type ExportCursor = { createdAt: Date; saleId: string };

function filters(query: SalesExportQuery): (SQL | undefined)[] {
  return [
    query.startDate ? gte(sales.createdAt, lagosDayStart(query.startDate)) : undefined,
    // The end date counts whole: up to the start of the next Lagos day.
    query.endDate ? lt(sales.createdAt, lagosDayStart(dayAfter(query.endDate))) : undefined,
    query.status ? eq(sales.status, query.status) : undefined,
  ];
}

const money = (kobo: number) => koboToNaira(kobo).toFixed(2);

// The page of sales is found on the sales table and its index alone; only those sales are joined.
export async function readExportRowsAfter(
  db: AppDb,
  query: SalesExportQuery,
  cursor: ExportCursor | null,
  limit: number,
) {
  const page = db
    .select({ id: sales.id, createdAt: sales.createdAt })
    .from(sales)
    .where(
      and(
        ...filters(query),
        cursor
          ? sql`(${sales.createdAt}, ${sales.id}) > (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.saleId})`
          : undefined,
      ),
    )
    .orderBy(asc(sales.createdAt), asc(sales.id))
    .limit(limit)
    .as("page");
  return db
    .select({
      saleId: sales.id,
      saleNumber: sales.number,
      itemId: saleItems.id,
      createdAt: sales.createdAt,
      status: sales.status,
      paymentMethod: sales.paymentMethod,
      customerName: sql<string>`${customers.firstname} || ' ' || ${customers.lastname}`,
      customerEmail: customers.email,
      customerPhone: customers.phone,
      agentName: sql<string | null>`${agents.firstname} || ' ' || ${agents.lastname}`,
      product: products.name,
      units: saleItems.quantity,
      paymentMode: saleItems.paymentMode,
      itemTotalKobo: saleItems.totalKobo,
      depositKobo: saleItems.initialPaymentKobo,
      monthlyKobo: saleItems.monthlyPaymentKobo,
      saleTotalKobo: sales.totalKobo,
      paidKobo: sales.paidKobo,
      devices: sql<
        string | null
      >`(select string_agg(${devices.serialNumber}, '; ' order by ${devices.serialNumber}) from ${devices} where ${devices.saleItemId} = ${saleItems.id})`,
    })
    .from(page)
    .innerJoin(sales, eq(sales.id, page.id))
    .innerJoin(saleItems, eq(saleItems.saleId, sales.id))
    .innerJoin(customers, eq(customers.id, sales.customerId))
    .innerJoin(products, eq(products.id, saleItems.productId))
    .leftJoin(agents, eq(agents.id, sales.agentId))
    .orderBy(asc(page.createdAt), asc(page.id), asc(saleItems.id));
}

export type ExportRow = Awaited<ReturnType<typeof readExportRowsAfter>>[number];

export const exportCursorOf = (row: ExportRow): ExportCursor => ({
  createdAt: row.createdAt,
  saleId: row.saleId,
});

export function exportCells(row: ExportRow): unknown[] {
  return [
    row.saleId,
    lagosDate(row.createdAt),
    row.status,
    row.paymentMethod,
    row.customerName,
    row.customerEmail,
    row.customerPhone,
    row.agentName ?? "",
    row.product,
    row.units,
    row.paymentMode,
    money(row.itemTotalKobo),
    money(row.depositKobo),
    money(row.monthlyKobo),
    money(row.saleTotalKobo),
    money(row.paidKobo),
    money(Math.max(0, row.saleTotalKobo - row.paidKobo)),
    row.devices ?? "",
    saleNumberText(row.saleNumber),
  ];
}
