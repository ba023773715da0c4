// Collections (issue 27): the words of the worklist and the contact log, free of zod so the browser can
// have them without the API's schemas.

/** The worklist's filters (beside its tab): kept when another tab is chosen, and by a list message. */
export const WORKLIST_FILTERS = [
  "bucket",
  "agentId",
  "assignedTo",
  "location",
  "promiseDue",
  "neverContacted",
  "search",
] as const;

export const CONTACT_CHANNELS = ["CALL", "VISIT", "SMS"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = {
  CALL: "Call",
  VISIT: "Visit",
  SMS: "SMS",
};

export const CONTACT_OUTCOMES = [
  "REACHED",
  "NO_ANSWER",
  "WRONG_NUMBER",
  "PROMISED",
  "REFUSED",
  "PAID",
  "DEVICE_FAULT",
  "MOVED_AWAY",
] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
export const CONTACT_OUTCOME_LABELS: Record<ContactOutcome, string> = {
  REACHED: "Reached",
  NO_ANSWER: "No answer",
  WRONG_NUMBER: "Wrong number",
  PROMISED: "Promised to pay",
  REFUSED: "Refused",
  PAID: "Paid",
  DEVICE_FAULT: "Device fault",
  MOVED_AWAY: "Moved away",
};

/** Worked out by the database (collection_promise_state()), never stored. */
export const PROMISE_STATES = ["OPEN", "KEPT", "BROKEN"] as const;
export type PromiseState = (typeof PROMISE_STATES)[number];
export const PROMISE_STATE_LABELS: Record<PromiseState, string> = {
  OPEN: "Open",
  KEPT: "Kept",
  BROKEN: "Broken",
};

/** The worklist's tabs: every late account, the signed-in collector's, follow-ups due, broken promises. */
export const COLLECTION_TABS = ["all", "mine", "due", "broken"] as const;
export type CollectionTab = (typeof COLLECTION_TABS)[number];

export const NOTE_MAX = 1_000;
/** Assigning more at once than a page shows is a mistake, not a workflow. */
export const ASSIGN_MAX = 100;
/** A promise further out than this is not a promise to chase. */
export const PROMISE_MAX_DAYS = 90;

export const COLLECTION_DEFINITIONS = {
  worklist:
    "Late and defaulted accounts (at least one day without credit). Accounts whose latest promise to pay was broken come first, then by days late and arrears.",
  promise:
    "A promise is kept when payments of at least the promised amount arrive from the day it was made to its date; broken when its date has passed without them; open until then.",
  due: "Accounts whose follow-up date is today or earlier.",
} as const;
