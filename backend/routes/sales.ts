import { z } from "zod";
import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, currentSession, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody, readQuery } from "../http/validation";
import { BusinessSettingsRecordSchema, BusinessSettingsSchema } from "../schemas/business";
import { CreateSaleSchema } from "../schemas/sale-rules";
import {
  CashPaymentSchema,
  CreatedSaleSchema,
  FinancialSettingsSchema,
  RecordedPaymentSchema,
  SaleListQuerySchema,
  SaleListSchema,
  SaleRecordSchema,
  SaleStatsSchema,
} from "../schemas/sales";
import type { SaleList, SaleListQuery } from "../schemas/sales";
import { SaleItemDetailSchema, SaleItemListQuerySchema, SaleItemListSchema } from "../schemas/sale-items";
import type { SaleItemList, SaleItemListQuery } from "../schemas/sale-items";
import {
  currentFinancialSettings,
  financialSettingsRecord,
  updateFinancialSettings,
} from "../services/financial-settings";
import { currentBusinessSettings, updateBusinessSettings } from "../services/business-settings";
import { paymentProviderName } from "../services/payment-providers";
import { acknowledgeOnlinePayment } from "../services/online-payments";
import {
  countSaleItems,
  countSales,
  createSale,
  getSaleOrItem,
  listSaleItems,
  listSales,
  recordCashPayment,
  saleCountKey,
  saleStats,
  saleTotalFromStats,
} from "../services/sales";
import { cachedJson } from "../http/cached-json";

const SALE_FILTERS =
  "`tab` (new, contract, payment, installment, closed — docs/decisions/018) or `status`, Lagos calendar " +
  "`startDate`/`endDate`, and `search` (customer name, e-mail, phone, sale id, sale number such as S-000123)";

export const saleOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/sales",
    tag: "Sales",
    summary:
      "The reference's sales list: one row per sale item under `saleItems`, newest sale first, each with " +
      "its `sale` (and the sale's `customer`), `devices` and `SaleRecipient`; 10 a page unless `limit` " +
      `says otherwise, \`total\` counts sale items. Filters: ${SALE_FILTERS}`,
    access: "read:Sales",
    query: SaleItemListQuerySchema,
    success: ok("One page of sale items", SaleItemListSchema),
  },
  {
    method: "get",
    path: "/api/v1/sales/list",
    tag: "Sales",
    summary: `Sales, one row per sale, newest first (the web app's list). Filters: ${SALE_FILTERS}`,
    access: "read:Sales",
    query: SaleListQuerySchema,
    success: ok("One page of sales", SaleListSchema),
  },
  {
    method: "get",
    path: "/api/v1/sales/stats",
    tag: "Sales",
    summary: "The header counters (all, active, cancelled) and each tab's count",
    access: "read:Sales",
    success: ok("Counts", SaleStatsSchema),
  },
  {
    method: "post",
    path: "/api/v1/sales/create",
    tag: "Sales",
    summary:
      "Make a sale: priced from the stock (FIFO), stock and devices taken in one transaction, the contract " +
      "stored for instalment sales; answers the sale and what to collect now",
    access: "write:Sales",
    body: CreateSaleSchema,
    success: ok("The sale and its payment data", CreatedSaleSchema, 201),
  },
  {
    method: "post",
    path: "/api/v1/sales/record-cash-payment",
    tag: "Sales",
    summary:
      "Record cash received: any amount above 0 up to the balance; the payment's and the sale's status " +
      "follow the money (the `status` sent is not trusted). With paymentMethod ONLINE and a `reference` this " +
      "backend verified, answers that payment (200) without counting it again",
    access: "write:Sales",
    body: CashPaymentSchema,
    success: ok("The payment and the sale", RecordedPaymentSchema, 201),
    errors: { 404: "Sale not found" },
  },
  {
    method: "get",
    path: "/api/v1/sales/financial-settings",
    tag: "Sales",
    summary: "Margins and monthly interest new sales are priced with (fractions: 0.2 is 20 %)",
    access: "read:Sales",
    success: ok("The settings", FinancialSettingsSchema),
  },
  {
    method: "put",
    path: "/api/v1/sales/financial-settings",
    tag: "Sales",
    summary: "Change the margins and interest for new sales (administrators); sales made keep theirs",
    access: "manage:all",
    body: FinancialSettingsSchema,
    success: ok("The settings now", FinancialSettingsSchema),
  },
  {
    method: "get",
    path: "/api/v1/sales/business-settings",
    tag: "Sales",
    summary: "The business name, address and phone printed on receipts (empty until set)",
    access: "read:Sales",
    success: ok("The business details", BusinessSettingsRecordSchema),
  },
  {
    method: "put",
    path: "/api/v1/sales/business-settings",
    tag: "Sales",
    summary: "Change the business details printed on receipts (administrators)",
    access: "manage:all",
    body: BusinessSettingsSchema,
    success: ok("The business details now", BusinessSettingsRecordSchema),
  },
  {
    method: "get",
    path: "/api/v1/sales/{id}",
    tag: "Sales",
    summary:
      "A sale's id: the sale (SaleRecord), with its items and their devices, contract (BVN masked unless the " +
      "caller manages sales), payments, balance and the schedule with what is paid, due and overdue. A sale " +
      "item's id (a row of GET /api/v1/sales, as the reference's clients open it): the reference's sale item " +
      "(SaleItemDetail), with its `sale` (customer, `payment`, `installmentAccountDetails`), its `devices` " +
      "(keys masked) with their `tokens`, its `product` with the product's `inventories`, and `SaleRecipient`",
    access: "read:Sales",
    success: ok("The sale, or the sale item", z.union([SaleRecordSchema, SaleItemDetailSchema])),
    errors: { 404: "No sale and no sale item has this id" },
  },
];

export function saleRoutes({ db, caches, config }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const stats = () => caches.saleStats.get("all", () => saleStats(db));
  const saleList: ListSource<SaleListQuery, SaleList> = {
    count: (query) => countSales(db, query),
    totalFromStats: (query) => saleTotalFromStats(query, stats),
    list: (query, total) => listSales(db, query, total),
    cache: { area: "sales", countKey: saleCountKey, counts: caches.counts, pages: caches.salePages },
  };
  const saleItemList: ListSource<SaleItemListQuery, SaleItemList> = {
    count: (query) => countSaleItems(db, query),
    list: (query, total) => listSaleItems(db, query, total),
  };
  return new Hono<ApiEnv>()
    .get("/", guard("read:Sales"), (c) => listAnswer(c, readQuery(c, SaleItemListQuerySchema), saleItemList))
    .get("/list", guard("read:Sales"), (c) => listAnswer(c, readQuery(c, SaleListQuerySchema), saleList))
    .get("/stats", guard("read:Sales"), async (c) => cachedJson(c, await stats()))
    .post("/create", guard("write:Sales"), async (c) => {
      const input = await readJsonBody(c, CreateSaleSchema);
      return c.json(
        await createSale(db, signedInActor(c), input, {
          provider: paymentProviderName(config),
          appUrl: config.appUrl,
        }),
        201,
      );
    })
    .post("/record-cash-payment", guard("write:Sales"), async (c) => {
      const input = await readJsonBody(c, CashPaymentSchema);
      // An online payment is recorded by its verification; posting it again only reads it back.
      if (input.paymentMethod === "ONLINE") {
        return c.json(await acknowledgeOnlinePayment(db, signedInActor(c), input), 200);
      }
      return c.json(await recordCashPayment(db, signedInActor(c), input), 201);
    })
    .get("/financial-settings", guard("read:Sales"), async (c) =>
      c.json(financialSettingsRecord(await currentFinancialSettings(db)), 200),
    )
    .put("/financial-settings", guard("manage:all"), async (c) => {
      const input = await readJsonBody(c, FinancialSettingsSchema);
      return c.json(await updateFinancialSettings(db, signedInActor(c), input), 200);
    })
    .get("/business-settings", guard("read:Sales"), async (c) =>
      c.json(await currentBusinessSettings(db), 200),
    )
    .put("/business-settings", guard("manage:all"), async (c) => {
      const input = await readJsonBody(c, BusinessSettingsSchema);
      return c.json(await updateBusinessSettings(db, signedInActor(c), input), 200);
    })
    .get("/:id", guard("read:Sales"), async (c) =>
      c.json(await getSaleOrItem(db, c.req.param("id"), currentSession(c)), 200),
    );
}
