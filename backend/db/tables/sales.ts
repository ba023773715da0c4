import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { PRICING_RULES } from "../../constants/pricing";
import { PAYMENT_MODES } from "../../schemas/products";
import type { PaymentMode } from "../../schemas/products";
import { PAYMENT_METHODS } from "../../schemas/sale-rules";
import type { PaymentMethod } from "../../schemas/sale-rules";
import { PAYMENT_STATUSES, SALE_STATUSES } from "../../schemas/sales";
import type { PaymentStatus, SaleStatus } from "../../schemas/sales";
import type { Guarantor, Identification, NextOfKin, Recipient } from "../../schemas/sale-rules";
import type { SaleDraftDocument } from "../../schemas/sale-drafts";
import { createdAt, id, moment, oneOf, updatedAt } from "../columns";
import { agents } from "./agents";
import { customers } from "./customers";
import { inventoryBatches, inventoryItems } from "./inventory";
import { products } from "./products";
import { saleUploads } from "./sale-uploads";
import { users } from "./staff";

const kobo = (name: string) => bigint(name, { mode: "number" });

/** Basis points (1 % = 100); one row, and a sale keeps a copy of the values it was priced with. */
export const financialSettings = pgTable(
  "financial_settings",
  {
    id: text("id").primaryKey().default("current"),
    outrightMarginBps: integer("outright_margin_bps").notNull(),
    loanMarginBps: integer("loan_margin_bps").notNull(),
    monthlyInterestBps: integer("monthly_interest_bps").notNull(),
    // Decision 017: cost of item plus margin, or the batch's sale price, for every sale alike.
    pricingRule: text("pricing_rule", { enum: PRICING_RULES }).notNull().default("BATCH_PRICE"),
    updatedBy: text("updated_by").references(() => users.id),
    updatedAt: updatedAt(),
  },
  (table) => [check("financial_settings_pricing_rule_check", oneOf(table.pricingRule, PRICING_RULES))],
);

/** One row: the business named on receipts (Settings → Business). */
export const businessSettings = pgTable("business_settings", {
  id: text("id").primaryKey().default("current"),
  name: text("name").notNull(),
  address: text("address").notNull(),
  phone: text("phone").notNull(),
  updatedBy: text("updated_by").references(() => users.id),
  updatedAt: updatedAt(),
});

export const saleDrafts = pgTable(
  "sale_drafts",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    document: jsonb("document").$type<SaleDraftDocument>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sale_drafts_owner_idx").on(table.ownerId, table.updatedAt)],
);
export type SaleDraftRow = typeof saleDrafts.$inferSelect;

export const sales = pgTable(
  "sales",
  {
    id: id(),
    /** What people read and say ("S-000123"); the id stays the key. */
    number: integer("number").notNull().generatedAlwaysAsIdentity(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    agentId: text("agent_id").references(() => agents.id),
    status: text("status").$type<SaleStatus>().notNull().default("UNPAID"),
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull(),
    applyMargin: boolean("apply_margin").notNull(),
    outrightMarginBps: integer("outright_margin_bps").notNull(),
    loanMarginBps: integer("loan_margin_bps").notNull(),
    monthlyInterestBps: integer("monthly_interest_bps").notNull(),
    hasContract: boolean("has_contract").notNull(),
    totalKobo: kobo("total_kobo").notNull(),
    dueNowKobo: kobo("due_now_kobo").notNull(),
    totalMonthlyKobo: kobo("total_monthly_kobo").notNull(),
    installmentMonths: integer("installment_months").notNull(),
    paidKobo: kobo("paid_kobo").notNull().default(0),
    /**
     * What had been paid when the account was last restructured: payments after it buy days at the new
     * monthly amount (`totalMonthlyKobo`) counted from here, not from the deposit (decision 041).
     */
    termsFromKobo: kobo("terms_from_kobo"),
    creatorId: text("creator_id").references(() => users.id),
    /** Set for a sale that came in a batch file: an old sale, never cancelled by the hold on unpaid ones. */
    uploadId: text("upload_id").references(() => saleUploads.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    cancelledAt: moment("cancelled_at"),
    cancelReason: text("cancel_reason"),
  },
  (table) => [
    uniqueIndex("sales_number_unique").on(table.number),
    index("sales_created_at_idx").on(table.createdAt, table.id),
    index("sales_status_created_at_idx").on(table.status, table.createdAt, table.id),
    index("sales_customer_idx").on(table.customerId, table.createdAt),
    index("sales_agent_idx").on(table.agentId, table.status),
    check("sales_status_check", oneOf(table.status, SALE_STATUSES)),
    check("sales_payment_method_check", oneOf(table.paymentMethod, PAYMENT_METHODS)),
    check("sales_paid_check", sql`${table.paidKobo} >= 0`),
  ],
);
export type SaleRow = typeof sales.$inferSelect;

export type StoredMiscellaneousCost = { name: string; costKobo: number };

export const saleItems = pgTable(
  "sale_items",
  {
    id: id(),
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    quantity: integer("quantity").notNull(),
    paymentMode: text("payment_mode").$type<PaymentMode>().notNull(),
    discountBps: integer("discount_bps").notNull(),
    installmentDuration: integer("installment_duration").notNull(),
    installmentStartingBps: integer("installment_starting_bps").notNull(),
    miscellaneous: jsonb("miscellaneous").$type<StoredMiscellaneousCost[]>().notNull(),
    recipient: jsonb("recipient").$type<Recipient>().notNull(),
    baseKobo: kobo("base_kobo").notNull(),
    discountKobo: kobo("discount_kobo").notNull(),
    miscellaneousKobo: kobo("miscellaneous_kobo").notNull(),
    interestKobo: kobo("interest_kobo").notNull(),
    marginKobo: kobo("margin_kobo").notNull(),
    totalKobo: kobo("total_kobo").notNull(),
    initialPaymentKobo: kobo("initial_payment_kobo").notNull(),
    monthlyPaymentKobo: kobo("monthly_payment_kobo").notNull(),
  },
  (table) => [
    index("sale_items_sale_idx").on(table.saleId),
    index("sale_items_product_idx").on(table.productId),
    check("sale_items_payment_mode_check", oneOf(table.paymentMode, PAYMENT_MODES)),
    check("sale_items_quantity_check", sql`${table.quantity} > 0`),
  ],
);
export type SaleItemRow = typeof saleItems.$inferSelect;

export const saleAllocations = pgTable(
  "sale_allocations",
  {
    id: id(),
    saleItemId: text("sale_item_id")
      .notNull()
      .references(() => saleItems.id),
    batchId: text("batch_id")
      .notNull()
      .references(() => inventoryBatches.id),
    inventoryItemId: text("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    quantity: integer("quantity").notNull(),
    unitPriceKobo: kobo("unit_price_kobo").notNull(),
    releasedAt: moment("released_at"),
  },
  (table) => [
    index("sale_allocations_item_idx").on(table.saleItemId),
    check("sale_allocations_quantity_check", sql`${table.quantity} > 0`),
  ],
);

export const saleContracts = pgTable("sale_contracts", {
  saleId: text("sale_id")
    .primaryKey()
    .references(() => sales.id),
  bvn: text("bvn").notNull(),
  identification: jsonb("identification").$type<Identification>().notNull(),
  nextOfKin: jsonb("next_of_kin").$type<NextOfKin>().notNull(),
  guarantor: jsonb("guarantor").$type<Guarantor>().notNull(),
  createdAt: createdAt(),
});

/** Unique `reference`: an online payment is recorded once however often its confirmation arrives. */
export const salePayments = pgTable(
  "sale_payments",
  {
    id: id(),
    /** The receipt number people read ("R-000456"). */
    number: integer("number").notNull().generatedAlwaysAsIdentity(),
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id),
    method: text("method").$type<PaymentMethod>().notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    reference: text("reference").notNull(),
    provider: text("provider"),
    providerTransactionId: text("provider_transaction_id"),
    notes: text("notes"),
    recordedBy: text("recorded_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("sale_payments_reference_unique").on(table.reference),
    uniqueIndex("sale_payments_number_unique").on(table.number),
    index("sale_payments_sale_idx").on(table.saleId, table.createdAt),
    // The portfolio's collections read the last months' payments only.
    index("sale_payments_created_at_idx").on(table.createdAt),
    check("sale_payments_method_check", oneOf(table.method, PAYMENT_METHODS)),
    check("sale_payments_status_check", oneOf(table.status, PAYMENT_STATUSES)),
    check("sale_payments_amount_check", sql`${table.amountKobo} > 0`),
  ],
);
export type SalePaymentRow = typeof salePayments.$inferSelect;
