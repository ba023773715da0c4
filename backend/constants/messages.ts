// Customer messages (issue 29): the words of the outbox, its templates and the reminder schedule. Free of
// zod, so the browser can count a template's SMS parts as it is typed.

export * from "./message-status";
import type { MessageStatus } from "./message-status";

/** Statuses a staff member can send again. */
export const RESENDABLE_STATUSES: readonly MessageStatus[] = ["FAILED", "REJECTED"];

/** Every kind but a message staff write themselves has a template. */
export const TEMPLATE_KINDS = [
  "PAYMENT_RECEIVED",
  "WELCOME",
  "COMPLETED",
  "CASH_RECEIPT",
  "DELAY_GIVEN",
  "RESTRUCTURED",
  "TOKEN",
  "REMINDER_BEFORE",
  "REMINDER_DUE",
  "REMINDER_AFTER",
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const MESSAGE_KINDS = [...TEMPLATE_KINDS, "MANUAL"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  PAYMENT_RECEIVED: "Payment received",
  WELCOME: "Welcome",
  COMPLETED: "Completed",
  CASH_RECEIPT: "Cash receipt",
  DELAY_GIVEN: "Delay given",
  RESTRUCTURED: "Restructured",
  TOKEN: "Token issued",
  REMINDER_BEFORE: "Reminder before the due day",
  REMINDER_DUE: "Reminder on the due day",
  REMINDER_AFTER: "Reminder after the due day",
  MANUAL: "Message from staff",
};

/** When each is sent: shown beside its template, so whoever edits it knows what it answers. */
export const MESSAGE_KIND_WHEN: Record<TemplateKind, string> = {
  PAYMENT_RECEIVED:
    "An online payment of an account that is neither its first nor its last, with the tokens it bought.",
  WELCOME: "The first payment of an account, with its first tokens.",
  COMPLETED: "The payment that pays an account off, with the unlock token.",
  CASH_RECEIPT: "A cash payment of an account that is neither its first nor its last, with its tokens.",
  DELAY_GIVEN: "Staff give a delay: the days added and the new due day.",
  RESTRUCTURED: "Staff restructure an account: the new balance and due day.",
  TOKEN: "Staff issue a token from the device or the sale, swap a device, or send the latest token again.",
  REMINDER_BEFORE: "Days before the credit runs out (the reminder schedule says which days).",
  REMINDER_DUE: "The day the credit runs out.",
  REMINDER_AFTER: "Days after the credit ran out, while the account is still unpaid.",
};

export const TEMPLATE_VARIABLES = [
  "customerName",
  "amount",
  "balance",
  "token",
  "days",
  "dueDate",
  "deviceSerial",
  "saleNumber",
  "businessName",
  "businessPhone",
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

const COMMON: TemplateVariable[] = [
  "customerName",
  "balance",
  "dueDate",
  "deviceSerial",
  "saleNumber",
  "businessName",
  "businessPhone",
];

/** The variables each template may use: the ones the event behind it has a value for. */
export const KIND_VARIABLES: Record<MessageKind, readonly TemplateVariable[]> = {
  PAYMENT_RECEIVED: [...COMMON, "amount", "token", "days"],
  WELCOME: [...COMMON, "amount", "token", "days"],
  COMPLETED: [...COMMON, "amount", "token"],
  CASH_RECEIPT: [...COMMON, "amount", "token", "days"],
  DELAY_GIVEN: [...COMMON, "token", "days"],
  RESTRUCTURED: [...COMMON, "amount", "token"],
  TOKEN: [...COMMON, "token", "days"],
  REMINDER_BEFORE: [...COMMON, "amount", "days"],
  REMINDER_DUE: [...COMMON, "amount"],
  REMINDER_AFTER: [...COMMON, "amount", "days"],
  MANUAL: ["customerName", "balance", "dueDate", "saleNumber", "businessName", "businessPhone"],
};

export const DEFAULT_TEMPLATES: Record<TemplateKind, { body: string; subject: string }> = {
  PAYMENT_RECEIVED: {
    subject: "Payment received",
    body: "Hello {customerName}, we received {amount}. Your token: {token} ({days} days). Balance {balance}, next payment due {dueDate}.",
  },
  WELCOME: {
    subject: "Welcome",
    body: "Welcome {customerName}! We received your payment of {amount}. Your token: {token} ({days} days). Next payment due {dueDate}.",
  },
  COMPLETED: {
    subject: "Fully paid",
    body: "Congratulations {customerName}! You have paid in full. Your unlock token: {token}. The system is yours.",
  },
  CASH_RECEIPT: {
    subject: "Cash receipt",
    body: "Hello {customerName}, we received {amount} in cash. Your token: {token} ({days} days). Balance {balance}, next payment due {dueDate}.",
  },
  DELAY_GIVEN: {
    subject: "More time to pay",
    body: "Hello {customerName}, we added {days} days to your system. Your token: {token}. Next payment due {dueDate}.",
  },
  RESTRUCTURED: {
    subject: "New payment plan",
    body: "Hello {customerName}, your payment plan has changed. Balance {balance}, next payment of {amount} due {dueDate}. Token: {token}",
  },
  TOKEN: {
    subject: "Your device token",
    body: "Hello {customerName}, your token for device {deviceSerial}: {token}. Enter it on the device.",
  },
  REMINDER_BEFORE: {
    subject: "Payment reminder",
    body: "Hello {customerName}, your solar credit ends in {days} days, on {dueDate}. Pay {amount} to keep your lights on.",
  },
  REMINDER_DUE: {
    subject: "Payment due today",
    body: "Hello {customerName}, your solar credit ends today. Pay {amount} to keep your lights on.",
  },
  REMINDER_AFTER: {
    subject: "Payment overdue",
    body: "Hello {customerName}, your payment of {amount} was due {days} days ago, on {dueDate}. Please pay to switch your system back on.",
  },
};

/** Reminders go out in the day, Lagos time: a queued one waits for the window to open. */
export const SEND_WINDOW = { opensHour: 8, closesHour: 20 } as const;

export const DEFAULT_REMINDER_SCHEDULE = { before: [3, 1], onTheDay: true, after: [3, 7] } as const;
export const REMINDER_MAX_DAYS = 60;
export const REMINDER_MAX_OFFSETS = 5;

export const MESSAGE_BODY_MAX = 640;
export const TEMPLATE_BODY_MAX = 640;
