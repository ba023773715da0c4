import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { ACCOUNT_STATUSES } from "../../constants/portfolio";
import type { AccountStatus } from "../../constants/portfolio";
import { HELD_STATUSES } from "../../constants/account-actions";
import type { HeldStatus } from "../../constants/account-actions";
import { moment, oneOf } from "../columns";
import { agents } from "./agents";
import { customers } from "./customers";
import { sales } from "./sales";

// The loan book (issue 26, decision 037). Every sale with an installment item is an account; its figures are
// computed by the SQL function account_states() (migration 0017), the one definition of them, and stored
// here by refresh_accounts(): called when a sale is made and by triggers when a payment, a token or a
// cancellation changes it, and for every active account by the daily roll.

const kobo = (name: string) => bigint(name, { mode: "number" });
const day = (name: string) => date(name, { mode: "string" });

/** The schedule as rows: the deposit is number 0; `cumulative` is the amount due up to this row. */
export const accountSchedule = pgTable(
  "account_schedule",
  {
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id),
    number: integer("number").notNull(),
    dueDate: day("due_date").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    cumulativeKobo: kobo("cumulative_kobo").notNull(),
    paidKobo: kobo("paid_kobo").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.saleId, table.number] }),
    index("account_schedule_due_idx").on(table.dueDate),
    // A few accounts' installments in a range of days (the dashboard's changed accounts' collection
    // shares): without it their rows are found among every account's in the range.
    index("account_schedule_sale_due_idx").on(table.saleId, table.dueDate),
    check("account_schedule_amount_check", sql`${table.amountKobo} >= 0`),
  ],
);
export type AccountScheduleRow = typeof accountSchedule.$inferSelect;

export const accounts = pgTable(
  "accounts",
  {
    saleId: text("sale_id")
      .primaryKey()
      .references(() => sales.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    agentId: text("agent_id").references(() => agents.id),
    saleDate: day("sale_date").notNull(),
    totalKobo: kobo("total_kobo").notNull(),
    depositKobo: kobo("deposit_kobo").notNull(),
    firstDueDate: day("first_due_date"),
    firstDueKobo: kobo("first_due_kobo").notNull().default(0),
    // What follows is account_states()'s answer as of `as_of`.
    paidKobo: kobo("paid_kobo").notNull().default(0),
    expectedKobo: kobo("expected_kobo").notNull().default(0),
    outstandingKobo: kobo("outstanding_kobo").notNull().default(0),
    arrearsKobo: kobo("arrears_kobo").notNull().default(0),
    creditExpiry: day("credit_expiry"),
    daysLate: integer("days_late").notNull().default(0),
    status: text("status").$type<AccountStatus>().notNull().default("ON_TIME"),
    firstPaidOn: day("first_paid_on"),
    lastPaymentOn: day("last_payment_on"),
    completedOn: day("completed_on"),
    cancelledOn: day("cancelled_on"),
    /**
     * A status staff set by hand (marked defaulted, written off), from `held_on`: account_states() gives it
     * before the statuses its payments would (decision 040).
     */
    heldStatus: text("held_status").$type<HeldStatus>(),
    heldOn: day("held_on"),
    /** The first day the account was more than 90 days late; kept when it recovers. */
    defaultedOn: day("defaulted_on"),
    asOf: day("as_of").notNull(),
    /** Month-end snapshots from the sale to last month are written (the back-fill is resumable by it). */
    backfilled: boolean("backfilled").notNull().default(false),
    /** Changed since the day's roll wrote the day's start (portfolio_base): the dashboard adds these live. */
    changed: boolean("changed").notNull().default(true),
  },
  (table) => [
    // The agent alone: with the status beside it, PostgreSQL would skip-scan this index for "active" and
    // AND it with the days-late range, reading most of the book to count one bucket.
    index("accounts_agent_idx").on(table.agentId),
    // The worklist's agent choices: agents with a late account, found at each agent's first entry.
    index("accounts_late_agent_idx")
      .on(table.agentId)
      .where(sql`${table.status} in ('LATE', 'DEFAULTED')`),
    index("accounts_sale_date_idx").on(table.saleDate),
    index("accounts_customer_idx").on(table.customerId),
    index("accounts_backfill_idx")
      .on(table.saleId)
      .where(sql`not ${table.backfilled}`),
    index("accounts_changed_idx")
      .on(table.saleId)
      .where(sql`${table.changed}`),
    // The account list's default order; a bucket is a range of it. (It replaces 0017's index on status,
    // days late and arrears: every index is one more write for each payment's refresh.)
    index("accounts_late_idx").on(table.daysLate.desc(), table.arrearsKobo.desc(), table.saleId),
    check("accounts_status_check", oneOf(table.status, ACCOUNT_STATUSES)),
    check(
      "accounts_held_status_check",
      sql`(${table.heldStatus} is null) = (${table.heldOn} is null) and (${table.heldStatus} is null or ${oneOf(table.heldStatus, HELD_STATUSES)})`,
    ),
  ],
);
export type AccountRow = typeof accounts.$inferSelect;

/** One row per account per day, kept 92 days, and for good at each month's end (vintage curves). */
export const accountSnapshots = pgTable(
  "account_snapshots",
  {
    day: day("day").notNull(),
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id),
    outstandingKobo: kobo("outstanding_kobo").notNull(),
    paidKobo: kobo("paid_kobo").notNull(),
    expectedKobo: kobo("expected_kobo").notNull(),
    daysLate: integer("days_late").notNull(),
    status: text("status").$type<AccountStatus>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.saleId] }),
    index("account_snapshots_sale_idx").on(table.saleId, table.day),
  ],
);

/** Each daily roll, once per Lagos day across all processes. */
export const loanBookRolls = pgTable("loan_book_rolls", {
  day: day("day").primaryKey(),
  accounts: integer("accounts").notNull(),
  milliseconds: integer("milliseconds").notNull(),
  finishedAt: moment("finished_at").notNull().defaultNow(),
});

/**
 * The portfolio's history figures (vintage, default rate, first-payment default, sales and collections) for
 * one Lagos day and one set of filters: they read months of snapshots and payments, and change little within
 * a day, so each is worked out once a day and shared by every process.
 */
export const portfolioHistory = pgTable(
  "portfolio_history",
  {
    key: text("key").primaryKey(),
    day: day("day").notNull(),
    figures: jsonb("figures").notNull(),
    createdAt: moment("created_at").notNull().defaultNow(),
  },
  (table) => [index("portfolio_history_day_idx").on(table.day)],
);

const collectionColumns = () => ({
  scheduled0: kobo("scheduled0").notNull(),
  collected0: kobo("collected0").notNull(),
  scheduled1: kobo("scheduled1").notNull(),
  collected1: kobo("collected1").notNull(),
  scheduled2: kobo("scheduled2").notNull(),
  collected2: kobo("collected2").notNull(),
});

/**
 * The day's start (decision 038): each account as the day's roll left it, with its share of the three
 * collection periods (this month, last month, trailing three). Only the latest day is kept.
 */
export const portfolioBase = pgTable(
  "portfolio_base",
  {
    day: day("day").notNull(),
    // Rewritten every day from the accounts: no reference to check on each of its rows.
    saleId: text("sale_id").notNull(),
    agentId: text("agent_id"),
    status: text("status").$type<AccountStatus>().notNull(),
    daysLate: integer("days_late").notNull(),
    totalKobo: kobo("total_kobo").notNull(),
    outstandingKobo: kobo("outstanding_kobo").notNull(),
    ...collectionColumns(),
  },
  (table) => [primaryKey({ columns: [table.day, table.saleId] })],
);

/**
 * The day's start summed by agent, status and days-late band (a band holds the days no figure tells
 * apart): the whole book's and one agent's figures read these few rows, then add what changed since.
 */
export const portfolioCells = pgTable(
  "portfolio_cells",
  {
    day: day("day").notNull(),
    agentId: text("agent_id"),
    status: text("status").$type<AccountStatus>().notNull(),
    daysLate: integer("days_late").notNull(),
    accounts: integer("accounts").notNull(),
    totalKobo: kobo("total_kobo").notNull(),
    outstandingKobo: kobo("outstanding_kobo").notNull(),
    ...collectionColumns(),
  },
  (table) => [index("portfolio_cells_day_idx").on(table.day, table.agentId)],
);
