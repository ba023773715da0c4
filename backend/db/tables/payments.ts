import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { CHECKOUT_STATUSES, PAYMENT_PROVIDERS, TOKEN_KINDS } from "../../schemas/payments";
import type { CheckoutStatus, PaymentProviderName, TokenKind } from "../../schemas/payments";
import { createdAt, id, oneOf, updatedAt } from "../columns";
import { devices } from "./devices";
import { salePayments, sales } from "./sales";
import { users } from "./staff";

const kobo = (name: string) => bigint(name, { mode: "number" });

/** What we asked for, to compare the provider's answer with; settled exactly once (the row is locked). */
export const paymentCheckouts = pgTable(
  "payment_checkouts",
  {
    id: id(),
    reference: text("reference").notNull(),
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<CheckoutStatus>().notNull().default("PENDING"),
    providerTransactionId: text("provider_transaction_id"),
    reportedAmountKobo: kobo("reported_amount_kobo"),
    reportedCurrency: text("reported_currency"),
    paymentId: text("payment_id").references(() => salePayments.id),
    createdBy: text("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("payment_checkouts_reference_unique").on(table.reference),
    index("payment_checkouts_sale_idx").on(table.saleId, table.createdAt),
    // The sales header counters look only at sales with a checkout still waiting (decision 026).
    index("payment_checkouts_pending_idx")
      .on(table.saleId)
      .where(sql`${table.status} = 'PENDING'`),
    check("payment_checkouts_status_check", oneOf(table.status, CHECKOUT_STATUSES)),
    check("payment_checkouts_provider_check", oneOf(table.provider, PAYMENT_PROVIDERS)),
    check("payment_checkouts_amount_check", sql`${table.amountKobo} > 0`),
  ],
);
export type PaymentCheckoutRow = typeof paymentCheckouts.$inferSelect;

/** Plays the provider's side, so verification reads it the way it would ask Flutterwave. */
export const sandboxTransactions = pgTable(
  "sandbox_transactions",
  {
    id: id(),
    reference: text("reference").notNull(),
    status: text("status").$type<"successful" | "cancelled">().notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    currency: text("currency").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sandbox_transactions_reference_idx").on(table.reference, table.createdAt)],
);

export const deviceTokens = pgTable(
  "device_tokens",
  {
    id: id(),
    deviceId: text("device_id")
      .notNull()
      .references(() => devices.id),
    token: text("token").notNull(),
    count: integer("count").notNull(),
    kind: text("kind").$type<TokenKind>().notNull(),
    value: integer("value").notNull(),
    days: integer("days"),
    /**
     * Set on a token that sets a device's time for an account (a restructure, a swap): the day the
     * account's credit runs to from this token on; later tokens of the device add to it (decision 041).
     */
    creditUntil: date("credit_until", { mode: "string" }),
    paymentId: text("payment_id").references(() => salePayments.id),
    saleId: text("sale_id").references(() => sales.id),
    issuedBy: text("issued_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index("device_tokens_device_idx").on(table.deviceId, table.createdAt),
    index("device_tokens_sale_idx").on(table.saleId),
    check("device_tokens_kind_check", oneOf(table.kind, TOKEN_KINDS)),
  ],
);
export type DeviceTokenRow = typeof deviceTokens.$inferSelect;
