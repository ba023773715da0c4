import { count, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../db/client";
import { queryRows } from "../db/query-rows";
import { accounts, agents, customers } from "../db/schema";
import type { Recipient } from "../schemas/sale-rules";
import { markPurchased } from "../services/customers";
import { addDays, lagosToday } from "../schemas/dates";
import { backfillHistory } from "../services/loan-book";
import { DAYS_PER_INSTALMENT } from "../services/device-tokens";
import { addMonths } from "../services/sale-schedule";
import { writeBook } from "./book-writer";
import type { BookSale } from "./book-writer";
import { log } from "../log";

// A believable loan book: installment sales over the last months, most paying, some late in every bucket,
// some defaulted, some paid off, a few cancelled. The demo data writes a few hundred, each with its unit and
// tokens; the benchmark's seeder writes 100,000 with the same mix (without units: credit from the schedule).

export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Payer = "early" | "onTime" | "late" | "stopped" | "defaulter" | "cancelled";
const PAYERS: [Payer, number][] = [
  ["early", 0.18],
  ["onTime", 0.4],
  ["late", 0.16],
  ["stopped", 0.14],
  ["defaulter", 0.08],
  ["cancelled", 0.04],
];

export type BookCustomer = {
  id: string;
  firstname: string;
  lastname: string;
  phone: string;
  location: string;
};

export type BookParties = {
  customers: BookCustomer[];
  agentIds: string[];
  products: { id: string; priceKobo: number }[];
};

/** The customer receives the system, as most do. */
const recipientOf = (customer: BookCustomer): Recipient => ({
  firstname: customer.firstname,
  lastname: customer.lastname,
  address: customer.location,
  phone: customer.phone,
  email: "",
});

const roundTo100Naira = (kobo: number) => Math.max(10_000, Math.round(kobo / 10_000) * 10_000);

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)];
}

/** One account: its terms from the product's price, its payments from how its customer pays. */
export function planAccount(
  random: () => number,
  today: string,
  parties: BookParties,
  {
    maxAgeDays,
    forcedDaysLate,
    units = false,
  }: { maxAgeDays: number; forcedDaysLate?: number; units?: boolean },
): BookSale {
  const product = pick(random, parties.products);
  const months = pick(random, [6, 12, 12, 18]);
  const depositKobo = roundTo100Naira(product.priceKobo * 0.2);
  const monthlyKobo = roundTo100Naira((product.priceKobo * 1.1 - depositKobo) / months);
  const paidAhead = forcedDaysLate === undefined ? 0 : 1 + Math.floor(random() * Math.min(3, months - 1));
  // A forced account paid its deposit and `paidAhead` installments on their days, and its credit ran out
  // `forcedDaysLate` days ago: with a unit, the 30 days each of those bought ran out then; without, the
  // next installment fell due then.
  const saleDate =
    forcedDaysLate === undefined
      ? addDays(today, -Math.floor(random() * maxAgeDays))
      : units
        ? addDays(today, -forcedDaysLate - DAYS_PER_INSTALMENT * (paidAhead + 1))
        : addMonths(addDays(today, -forcedDaysLate), -(paidAhead + 1));
  const payer: Payer =
    forcedDaysLate !== undefined
      ? "stopped"
      : (() => {
          let roll = random();
          for (const [kind, share] of PAYERS) {
            if (roll < share) return kind;
            roll -= share;
          }
          return "onTime";
        })();
  const customer = pick(random, parties.customers);
  const base = {
    customerId: customer.id,
    agentId: random() < 0.8 && parties.agentIds.length ? pick(random, parties.agentIds) : null,
    productId: product.id,
    recipient: recipientOf(customer),
    saleDate,
    depositKobo,
    monthlyKobo,
    months,
    device: units,
  };
  if (payer === "cancelled")
    return { ...base, payments: [], cancelledOn: addDays(saleDate, 1), device: false };
  const method = () => (random() < 0.55 ? ("CASH" as const) : ("ONLINE" as const));
  const payments: BookSale["payments"] = [{ date: saleDate, kobo: depositKobo, method: method() }];
  const stopAfter =
    forcedDaysLate !== undefined
      ? paidAhead
      : payer === "stopped"
        ? 1 + Math.floor(random() * months)
        : payer === "defaulter"
          ? Math.floor(random() * 3)
          : months;
  for (let number = 1; number <= Math.min(months, stopAfter); number += 1) {
    const due = addMonths(saleDate, number);
    const shift =
      forcedDaysLate !== undefined
        ? 0
        : payer === "early"
          ? -Math.floor(random() * 6)
          : payer === "late"
            ? 5 + Math.floor(random() * 21)
            : Math.floor(random() * 4);
    const date = addDays(due, shift);
    if (date > today || date < saleDate) break;
    payments.push({ date, kobo: monthlyKobo, method: method() });
  }
  return { ...base, payments };
}

/** Every bucket has accounts in it (in credit, 1–7, 8–30, 31–90, over 90 days late), and one became late today. */
const FORCED_DAYS_LATE = [0, 1, 2, 5, 12, 20, 45, 70, 120, 200];

export function planBook(
  seed: number,
  today: string,
  size: number,
  parties: BookParties,
  maxAgeDays: number,
  units = false,
) {
  const random = seededRandom(seed);
  const book: BookSale[] = [];
  for (const days of FORCED_DAYS_LATE)
    book.push(planAccount(random, today, parties, { maxAgeDays, forcedDaysLate: days, units }));
  while (book.length < size) book.push(planAccount(random, today, parties, { maxAgeDays, units }));
  return book;
}

/** What a sale of the product costs: its items at their dearest batch's price. */
export async function installmentProducts(db: AppDb) {
  return queryRows(
    db,
    sql`select p.id, sum(pi.quantity * coalesce((
        select max(b.price) from inventory_batches b where b.inventory_item_id = pi.inventory_item_id), 0)) as price
      from products p join product_inventories pi on pi.product_id = p.id
      where 'INSTALLMENT' = any(p.payment_modes)
      group by p.id having sum(pi.quantity) > 0`,
    z.object({ id: z.string(), price: z.coerce.number() }),
  ).then((rows) => rows.filter((row) => row.price > 0).map((row) => ({ id: row.id, priceKobo: row.price })));
}

/** Customers a sale may be made to: not barred. */
export function bookCustomers(db: AppDb) {
  return db
    .select({
      id: customers.id,
      firstname: customers.firstname,
      lastname: customers.lastname,
      phone: customers.phone,
      location: customers.location,
    })
    .from(customers)
    .where(ne(customers.status, "barred"));
}

/** The demo data's book, once: only while no account exists. */
export async function ensureDemoLoanBook(db: AppDb, today = lagosToday()) {
  const [{ existing }] = await db.select({ existing: count() }).from(accounts);
  if (existing > 0) return;
  const products = await installmentProducts(db);
  const bookable = await bookCustomers(db);
  if (products.length === 0 || bookable.length === 0) return;
  const agentIds = (await db.select({ id: agents.id }).from(agents).where(eq(agents.status, "active"))).map(
    (row) => row.id,
  );
  // Each sale with its unit and the tokens its payments bought, as a sale on screen would have.
  const book = planBook(26, today, 320, { customers: bookable, agentIds, products }, 540, true);
  await writeBook(db, book, today);
  await markPurchased(
    db,
    book.map((sale) => sale.customerId),
  );
  await backfillHistory(db, today);
  log.info(`Seeded a demo loan book of ${book.length} installment sales`);
}
