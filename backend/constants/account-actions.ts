// Contract actions on an account (issue 27 §2), free of zod: the sale page and its forms print these.

/** What an account's timeline records; each action adds one event. */
export const ACCOUNT_EVENT_KINDS = [
  "DELAY",
  "TOKEN",
  "TOKEN_RESENT",
  "MARKED_DEFAULTED",
  "DEFAULT_UNDONE",
  "WRITTEN_OFF",
  "REPOSSESSION_ATTEMPT",
  "REPOSSESSED",
  "PAID_OFF",
  "CANCELLED",
  "RESTRUCTURED",
  "DEVICE_SWAPPED",
] as const;
export type AccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];

export const ACCOUNT_EVENT_LABELS: Record<AccountEventKind, string> = {
  DELAY: "Delay given",
  TOKEN: "Token issued",
  TOKEN_RESENT: "Token resent",
  MARKED_DEFAULTED: "Marked defaulted",
  DEFAULT_UNDONE: "Default undone",
  WRITTEN_OFF: "Written off",
  REPOSSESSION_ATTEMPT: "Repossession attempt",
  REPOSSESSED: "Repossessed",
  PAID_OFF: "Paid off early",
  CANCELLED: "Cancelled",
  RESTRUCTURED: "Restructured",
  DEVICE_SWAPPED: "Device swapped",
};

/** What a visit to take the unit back found; "collected" repossesses the account. */
export const REPOSSESSION_OUTCOMES = [
  "NOT_HOME",
  "REFUSED",
  "NOT_FOUND",
  "LOST_STOLEN",
  "PROMISED",
  "PAID",
  "COLLECTED",
] as const;
export type RepossessionOutcome = (typeof REPOSSESSION_OUTCOMES)[number];
export const REPOSSESSION_OUTCOME_LABELS: Record<RepossessionOutcome, string> = {
  NOT_HOME: "Not at home",
  REFUSED: "Refused",
  NOT_FOUND: "Device not found",
  LOST_STOLEN: "Lost or stolen",
  PROMISED: "Promised to pay",
  PAID: "Paid",
  COLLECTED: "Collected",
};

/** A status staff set by hand; the database's own rules give every other status (decision 040). */
export const HELD_STATUSES = ["DEFAULTED", "WRITTEN_OFF", "REPOSSESSED"] as const;
export type HeldStatus = (typeof HELD_STATUSES)[number];

/** A delay of more days than this, or a second one within a day, needs manage:Sales. */
export const DELAY_FREE_DAYS = 2;
export const DELAY_MAX_DAYS = 30;
export const DELAY_WINDOW_HOURS = 24;
export const REASON_MAX = 500;

/** A restructured balance is paid in at most this many installments, the first within this many days. */
export const RESTRUCTURE_MAX_INSTALLMENTS = 60;
export const RESTRUCTURE_FIRST_DUE_DAYS = 92;

/** Where a swapped-out unit goes: back to stock under a returned-class item, or aside as faulty. */
export const SWAP_DESTINATIONS = ["RETURNED", "FAULTY"] as const;
export type SwapDestination = (typeof SWAP_DESTINATIONS)[number];
export const SWAP_DESTINATION_LABELS: Record<SwapDestination, string> = {
  RETURNED: "Back to stock as returned",
  FAULTY: "Set aside as faulty",
};

/** The refusals staff read: exact, and the same from the API and the screens. */
export const ACTION_ERRORS = {
  notAccount: "This sale has no installment account",
  notActive: "Only an account that is still being paid for (on time, late or defaulted) can take this action",
  delayTooLong: `A delay of more than ${DELAY_FREE_DAYS} days needs a manager (manage:Sales)`,
  delayAgain: `A second delay within ${DELAY_WINDOW_HOURS} hours needs a manager (manage:Sales)`,
  alreadyDefaulted: "This account is already defaulted",
  notMarkedDefaulted:
    "Only a default marked by hand can be undone; this account is defaulted because it is more than 90 days late",
  notDefaulted: "Only a defaulted account can be written off",
  noDevice: "This sale has no tokenable device",
  noToken: "No token has been issued for this sale yet",
  noContact: "The customer has no phone number or e-mail address to send the token to",
  notThisSale: "This device is not linked to this sale",
  quoteChanged: "The quote has changed since it was shown: read the new amount and accept again",
  notReturnedItem: "Choose a stock item of the returned class",
  noReturnsWarehouse: "No active warehouse takes returned stock: add the returned class to one first",
  depositUnpaid: "The deposit is not fully paid yet: an account is restructured once its deposit is in",
  noTerms: "Give the number of installments or the monthly amount",
  bothTerms: "Give the number of installments or the monthly amount, not both",
  firstDueRange: `The first due date must be from today to ${RESTRUCTURE_FIRST_DUE_DAYS} days ahead`,
  balanceChanged:
    "The balance has changed since the schedule was shown: read the new schedule and save again",
  unknownDevice: "No device has this serial number",
  deviceTaken: "This device is already linked to a sale",
  deviceFaulty: "This device is marked faulty",
  sameDevice: "Choose a device other than the one it replaces",
  notSwappable:
    "Only an account still being paid for, or paid in full, can have its device swapped (not a cancelled, written-off or repossessed one)",
} as const;

export const tooManyInstallments = (count: number) =>
  `At this monthly amount the balance takes ${count} installments; at most ${RESTRUCTURE_MAX_INSTALLMENTS}`;
export const noStockFor = (item: string) =>
  `No unit of ${item} is left in stock: the replacement must come from stock`;

/** The sale page's action forms: their address (`/sales/:id/actions/<key>`), words and permission. */
export const ACCOUNT_ACTIONS = {
  delay: {
    title: "Give a delay",
    button: "Give the delay",
    permission: "write:Sales",
    done: "Delay given",
  },
  default: {
    title: "Mark defaulted",
    button: "Mark defaulted",
    permission: "manage:Sales",
    done: "Account marked defaulted",
  },
  "undo-default": {
    title: "Undo the default",
    button: "Undo the default",
    permission: "manage:Sales",
    done: "Default undone",
  },
  token: {
    title: "Issue a token",
    button: "Issue the token",
    permission: "manage:Devices",
    done: "Token issued",
  },
  "resend-token": {
    title: "Resend the last token",
    button: "Send it again",
    permission: "write:Sales",
    done: "Token sent to the customer again",
  },
  repossess: {
    title: "Repossess",
    button: "Record the visit",
    permission: "manage:Sales",
    done: "Visit recorded",
  },
  payoff: {
    title: "Early payoff",
    button: "Accept and record the payment",
    permission: "write:Sales",
    done: "Paid off: the account is complete",
  },
  cancel: {
    title: "Cancel the sale",
    button: "Cancel the sale",
    permission: "manage:Sales",
    done: "Sale cancelled",
  },
  restructure: {
    title: "Restructure",
    button: "Save the new schedule",
    permission: "manage:Sales",
    done: "Account restructured: the new schedule is in force",
  },
  swap: {
    title: "Swap a device",
    button: "Swap the device",
    permission: "manage:Devices",
    done: "Device swapped",
  },
  "write-off": {
    title: "Write off the account",
    button: "Write off the account",
    permission: "manage:Sales",
    done: "Account written off",
  },
} as const;
export type AccountActionKey = keyof typeof ACCOUNT_ACTIONS;
export const isAccountAction = (value: string | undefined): value is AccountActionKey =>
  value !== undefined && Object.hasOwn(ACCOUNT_ACTIONS, value);
