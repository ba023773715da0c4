import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text } from "drizzle-orm/pg-core";
import { CONTACT_CHANNELS, CONTACT_OUTCOMES } from "../../constants/collections";
import type { ContactChannel, ContactOutcome } from "../../constants/collections";
import { createdAt, id, moment, oneOf, updatedAt } from "../columns";
import { accounts } from "./accounts";
import { users } from "./staff";

// Collections (issue 27): who works a late account, when to call again, what was said and promised. The
// account's own figures stay in `accounts`, kept by the database; these rows are staff's work on it.

const kobo = (name: string) => bigint(name, { mode: "number" });
const day = (name: string) => date(name, { mode: "string" });

/**
 * One row per account someone has worked: its collector, its follow-up date, and its latest contact and
 * promise (copied from the contact log, so the worklist reads one row per account). A promise's state
 * is never stored: collection_promise_state() works it out from the payments (migration 0021).
 */
export const collectionCases = pgTable(
  "collection_cases",
  {
    saleId: text("sale_id")
      .primaryKey()
      .references(() => accounts.saleId),
    assignedTo: text("assigned_to").references(() => users.id),
    followUpOn: day("follow_up_on"),
    lastContactAt: moment("last_contact_at"),
    promiseKobo: kobo("promise_kobo"),
    promiseOn: day("promise_on"),
    promiseMadeAt: moment("promise_made_at"),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("collection_cases_assigned_idx").on(table.assignedTo),
    index("collection_cases_follow_up_idx")
      .on(table.followUpOn)
      .where(sql`${table.followUpOn} is not null`),
    index("collection_cases_promise_idx")
      .on(table.promiseOn)
      .where(sql`${table.promiseKobo} is not null`),
  ],
);

/** Every call, visit or message about an account, oldest first; a promise to pay is part of its contact. */
export const collectionContacts = pgTable(
  "collection_contacts",
  {
    id: id(),
    saleId: text("sale_id")
      .notNull()
      .references(() => accounts.saleId),
    channel: text("channel").$type<ContactChannel>().notNull(),
    outcome: text("outcome").$type<ContactOutcome>().notNull(),
    note: text("note"),
    promiseKobo: kobo("promise_kobo"),
    promiseOn: day("promise_on"),
    staffId: text("staff_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index("collection_contacts_sale_idx").on(table.saleId, table.createdAt),
    check("collection_contacts_channel_check", oneOf(table.channel, CONTACT_CHANNELS)),
    check("collection_contacts_outcome_check", oneOf(table.outcome, CONTACT_OUTCOMES)),
    // A promise is an amount and a date together, and only with the outcome that says so.
    check(
      "collection_contacts_promise_check",
      sql`(${table.outcome} = 'PROMISED') = (${table.promiseKobo} is not null and ${table.promiseOn} is not null)
        and (${table.promiseKobo} is null or ${table.promiseKobo} > 0)`,
    ),
  ],
);

export type CollectionCaseRow = typeof collectionCases.$inferSelect;
export type CollectionContactRow = typeof collectionContacts.$inferSelect;
