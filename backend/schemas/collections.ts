import { z } from "zod";
import {
  ASSIGN_MAX,
  COLLECTION_TABS,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  NOTE_MAX,
  PROMISE_STATES,
} from "../constants/collections";
import { BUCKET_KEYS } from "../constants/portfolio";
import { PaginationSchema, booleanFilter, listSchema } from "./list";
import { nairaField } from "./money";
import { AccountRecordSchema, calendarDay } from "./portfolio";

export * from "../constants/collections";

const id = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} is too long`);

/** A form's empty field is no value. */
const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

// Late accounts only: the in-credit bucket has nothing to collect.
const LATE_BUCKETS = BUCKET_KEYS.filter((key) => key !== "current") as [string, ...string[]];

/** The worklist's query: a tab, the filters and the list's paging and search. */
export const CollectionListQuerySchema = PaginationSchema.extend({
  tab: z.enum(COLLECTION_TABS).default("all"),
  bucket: z.enum(LATE_BUCKETS).optional(),
  agentId: id("agentId").optional(),
  /** A staff member's id, or `none` for accounts nobody works yet. */
  assignedTo: id("assignedTo").optional(),
  location: z.string().trim().max(100, "location is too long").optional(),
  /** Open promises whose date is today. */
  promiseDue: booleanFilter("promiseDue").optional(),
  /** Accounts with no contact logged. */
  neverContacted: booleanFilter("neverContacted").optional(),
});
export type CollectionListQuery = z.infer<typeof CollectionListQuerySchema>;

export const CollectionRecordSchema = AccountRecordSchema.extend({
  assignedTo: z.string().nullable(),
  assignedToName: z.string().nullable(),
  followUpOn: z.string().nullable(),
  lastContactAt: z.string().nullable(),
  promise: z.object({ amount: z.number(), date: z.string(), state: z.enum(PROMISE_STATES) }).nullable(),
});
export type CollectionRecord = z.infer<typeof CollectionRecordSchema>;

export const CollectionListSchema = listSchema("accounts", CollectionRecordSchema);
export type CollectionList = z.infer<typeof CollectionListSchema>;

/** The tabs' counts, and the promises due today (the Action Center's). */
export const CollectionCountsSchema = z.object({
  all: z.number(),
  mine: z.number(),
  due: z.number(),
  broken: z.number(),
  promisesDueToday: z.number(),
});
export type CollectionCounts = z.infer<typeof CollectionCountsSchema>;

/**
 * What the worklist's forms offer: the staff accounts can be assigned to (who may work collections) and
 * the agents with late accounts.
 */
export const CollectionOptionsSchema = z.object({
  collectors: z.array(z.object({ id: z.string(), name: z.string() })),
  agents: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CollectionOptions = z.infer<typeof CollectionOptionsSchema>;

/**
 * One account or many (a page's ticked rows) to one collector, or to nobody (`assignedTo` empty). Strict,
 * unlike most bodies (decision 004): an absent `assignedTo` unassigns, so a misspelt one must not be dropped.
 */
export const AssignSchema = z
  .object({
    saleIds: z
      .array(id("Account"), { required_error: "Choose at least one account" })
      .min(1, "Choose at least one account")
      .max(ASSIGN_MAX, `Choose at most ${ASSIGN_MAX} accounts at once`),
    assignedTo: z.preprocess(blankAsMissing, id("Collector").nullish()),
  })
  .strict();
export type AssignInput = z.infer<typeof AssignSchema>;

/** A call, visit or message; "Promised to pay" carries the promise's amount (naira) and date. */
export const ContactSchema = z
  .object({
    channel: z.enum(CONTACT_CHANNELS, {
      errorMap: () => ({ message: "Choose how the customer was contacted" }),
    }),
    outcome: z.enum(CONTACT_OUTCOMES, { errorMap: () => ({ message: "Choose the outcome" }) }),
    note: z.preprocess(
      blankAsMissing,
      z.string().trim().max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`).optional(),
    ),
    promiseAmount: z.preprocess(blankAsMissing, nairaField("Promised amount").optional()),
    promiseDate: z.preprocess(blankAsMissing, calendarDay("Promise date").optional()),
    followUpOn: z.preprocess(blankAsMissing, calendarDay("Follow-up date").optional()),
  })
  .strip()
  .superRefine((value, context) => {
    if (value.outcome !== "PROMISED") return;
    if (value.promiseAmount === undefined)
      context.addIssue({ code: "custom", path: ["promiseAmount"], message: "Promised amount is required" });
    if (value.promiseDate === undefined)
      context.addIssue({ code: "custom", path: ["promiseDate"], message: "Promise date is required" });
  });
export type ContactInput = z.infer<typeof ContactSchema>;

/** The day the account comes back in "Due today"; empty clears it, so, as above, strict. */
export const FollowUpSchema = z
  .object({ followUpOn: z.preprocess(blankAsMissing, calendarDay("Follow-up date").nullish()) })
  .strict();
export type FollowUpInput = z.infer<typeof FollowUpSchema>;

export const ContactRecordSchema = z.object({
  id: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string().nullable(),
  promise: z.object({ amount: z.number(), date: z.string() }).nullable(),
  staffName: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactRecord = z.infer<typeof ContactRecordSchema>;

/** One account's collection case: the worklist row and its contact log, newest first. */
export const CollectionCaseSchema = z.object({
  account: CollectionRecordSchema,
  contacts: z.array(ContactRecordSchema),
});
export type CollectionCase = z.infer<typeof CollectionCaseSchema>;
