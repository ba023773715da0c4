import { z } from "zod";
import {
  MESSAGE_BODY_MAX,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  REMINDER_MAX_DAYS,
  REMINDER_MAX_OFFSETS,
  TEMPLATE_BODY_MAX,
  TEMPLATE_KINDS,
  TEMPLATE_VARIABLES,
} from "../constants/messages";
import { CollectionListQuerySchema } from "./collections";
import { PaginationSchema, listSchema } from "./list";
import { calendarDay } from "./portfolio";

const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const id = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} is too long`);

/** The outbox's filters: status, channel, kind, a customer or a sale, and Lagos days sent between. */
export const MessageListQuerySchema = PaginationSchema.extend({
  status: z.preprocess(blankAsMissing, z.enum(MESSAGE_STATUSES).optional()),
  channel: z.preprocess(blankAsMissing, z.enum(MESSAGE_CHANNELS).optional()),
  kind: z.preprocess(blankAsMissing, z.enum(MESSAGE_KINDS).optional()),
  customerId: z.preprocess(blankAsMissing, id("customerId").optional()),
  saleId: z.preprocess(blankAsMissing, id("saleId").optional()),
  from: z.preprocess(blankAsMissing, calendarDay("From").optional()),
  to: z.preprocess(blankAsMissing, calendarDay("To").optional()),
});
export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

export const MessageRecordSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  saleId: z.string().nullable(),
  saleNumber: z.number().nullable(),
  paymentId: z.string().nullable(),
  tokenIds: z.array(z.string()),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  provider: z.string().nullable(),
  providerId: z.string().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
  sendAfter: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  statusAt: z.string(),
  createdByName: z.string().nullable(),
});
export type MessageRecord = z.infer<typeof MessageRecordSchema>;

export const MessageListSchema = listSchema("messages", MessageRecordSchema);
export type MessageList = z.infer<typeof MessageListSchema>;

const body = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A message staff type to one customer; the variables of a manual message may be used. */
export const ManualMessageSchema = z.object({ body: body("Message", MESSAGE_BODY_MAX) }).strip();
export type ManualMessageInput = z.infer<typeof ManualMessageSchema>;

export const BULK_MESSAGE_MAX = 2_000;

/**
 * A message to every account the worklist's filters select. `expected` is the count the sender confirmed:
 * if the list changed since, nothing is sent and the new count is shown. Unlike most fields, an unknown
 * filter is refused (decision 004): dropping a misspelt one would widen who gets the message.
 */
export const BulkMessageSchema = z
  .object({
    body: body("Message", MESSAGE_BODY_MAX),
    expected: z.coerce
      .number({ invalid_type_error: "expected must be a number" })
      .int()
      .min(1, "No accounts are selected")
      .max(BULK_MESSAGE_MAX, `At most ${BULK_MESSAGE_MAX} accounts can be messaged at once`),
    filters: CollectionListQuerySchema.omit({ page: true, limit: true }).strict().default({}),
  })
  .strip();
export type BulkMessageInput = z.infer<typeof BulkMessageSchema>;

/** The list message's form: the worklist's filters come from the page's URL. */
export const ListMessageFormSchema = BulkMessageSchema.pick({ body: true, expected: true });

export const BulkMessageResultSchema = z.object({ queued: z.number(), skipped: z.number() });

export const SandboxReportSchema = z
  .object({
    status: z.enum(["DELIVERED", "FAILED", "REJECTED"], {
      errorMap: () => ({ message: "Choose delivered, failed or rejected" }),
    }),
    reason: z.preprocess(blankAsMissing, z.string().trim().max(200, "Reason is too long").optional()),
  })
  .strip();
export type SandboxReportInput = z.infer<typeof SandboxReportSchema>;

export const TemplateKindSchema = z.enum(TEMPLATE_KINDS, {
  errorMap: () => ({ message: "No such message template" }),
});

/** A template's text; its variables are checked against its kind by the service (unknown ones refused). */
export const TemplateSchema = z
  .object({
    body: body("Template", TEMPLATE_BODY_MAX),
    subject: z.preprocess(
      blankAsMissing,
      z.string().trim().max(120, "Subject must be at most 120 characters").optional(),
    ),
  })
  .strip();
export type TemplateInput = z.infer<typeof TemplateSchema>;

/** A template's preview with one real account: the account's sale id, or the newest account's. */
export const TemplatePreviewSchema = TemplateSchema.extend({
  saleId: z.preprocess(blankAsMissing, id("saleId").optional()),
}).strip();
export type TemplatePreviewInput = z.infer<typeof TemplatePreviewSchema>;

const LengthSchema = z.object({
  encoding: z.enum(["GSM-7", "UCS-2"]),
  characters: z.number(),
  parts: z.number(),
  perPart: z.number(),
});

export const TemplatePreviewResultSchema = z.object({
  text: z.string(),
  length: LengthSchema,
  saleId: z.string().nullable(),
  customerName: z.string().nullable(),
});
export type TemplatePreviewResult = z.infer<typeof TemplatePreviewResultSchema>;

export const TemplateRecordSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  label: z.string(),
  when: z.string(),
  subject: z.string(),
  body: z.string(),
  edited: z.boolean(),
  variables: z.array(z.enum(TEMPLATE_VARIABLES)),
  length: LengthSchema,
  updatedAt: z.string().nullable(),
});
export type TemplateRecord = z.infer<typeof TemplateRecordSchema>;

/** Days as a form sends them: "3, 1" or an array; each 1 to 60, at most five, none twice. */
const days = (label: string) =>
  z.preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(/[\s,]+/)
            .filter(Boolean)
            .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
        : value,
    z
      .array(
        z
          .number({ invalid_type_error: `${label}: each must be a whole number of days` })
          .int(`${label}: each must be a whole number of days`)
          .min(1, `${label}: each must be 1 or more`)
          .max(REMINDER_MAX_DAYS, `${label}: each must be at most ${REMINDER_MAX_DAYS}`),
        { invalid_type_error: `${label} must be whole numbers of days, separated by commas` },
      )
      .max(REMINDER_MAX_OFFSETS, `${label}: at most ${REMINDER_MAX_OFFSETS} days`)
      .refine((values) => new Set(values).size === values.length, `${label}: a day is given twice`)
      .transform((values) => [...values].sort((a, b) => b - a)),
  );

const onOff = (label: string) =>
  z.preprocess(
    (value) =>
      value === "on" || value === "true" ? true : value === undefined || value === "false" ? false : value,
    z.boolean({ invalid_type_error: `${label} must be on or off` }),
  );

export const ReminderScheduleSchema = z
  .object({
    remindersOn: onOff("Reminders"),
    daysBefore: days("Days before"),
    onTheDay: onOff("On the day"),
    daysAfter: days("Days after").transform((values) => [...values].sort((a, b) => a - b)),
  })
  .strip();
export type ReminderScheduleInput = z.infer<typeof ReminderScheduleSchema>;

export const MessageSettingsSchema = z.object({
  provider: z.object({
    sms: z.enum(["sandbox", "africastalking", "termii"]),
    email: z.enum(["log", "outbox-dir", "smtp"]),
    lastReport: z
      .object({
        provider: z.string(),
        outcome: z.string(),
        status: z.string().nullable(),
        receivedAt: z.string(),
      })
      .nullable(),
    queued: z.number(),
    failedToday: z.number(),
  }),
  schedule: z.object({
    remindersOn: z.boolean(),
    daysBefore: z.array(z.number()),
    onTheDay: z.boolean(),
    daysAfter: z.array(z.number()),
  }),
  window: z.object({ opensHour: z.number(), closesHour: z.number() }),
  templates: z.array(TemplateRecordSchema),
});
export type MessageSettings = z.infer<typeof MessageSettingsSchema>;

export const OptOutSchema = z.object({ optedOut: onOff("Opted out") }).strip();
export type OptOutInput = z.infer<typeof OptOutSchema>;
