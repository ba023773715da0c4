import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv, RouteDeps } from "../http/env";
import { errorBody, httpError } from "../http/errors";
import { createGuard, signedInActor } from "../http/guard";
import { listAnswer } from "../http/list-route";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { NUL_CHARACTER, readJsonBody, readQuery } from "../http/validation";
import { pageOf } from "../schemas/list";
import {
  BulkMessageResultSchema,
  BulkMessageSchema,
  MessageListQuerySchema,
  MessageListSchema,
  MessageRecordSchema,
  MessageSettingsSchema,
  ReminderScheduleSchema,
  SandboxReportSchema,
  TemplateKindSchema,
  TemplatePreviewResultSchema,
  TemplatePreviewSchema,
  TemplateRecordSchema,
  TemplateSchema,
} from "../schemas/messages";
import type { MessageListQuery } from "../schemas/messages";
import { parseAfricasTalkingReport } from "../services/messaging/africastalking";
import {
  bulkCount,
  countMessages,
  getMessage,
  listMessages,
  markSandboxMessage,
  messageSettingsOf,
  previewTemplate,
  resendMessage,
  resetTemplate,
  saveReminderSchedule,
  saveTemplate,
  sendBulkMessage,
} from "../services/messaging/messages";
import { applyDeliveryReport, keepReport } from "../services/messaging/reports";
import { parseTermiiReport, termiiSignatureMatches } from "../services/messaging/termii";
import { CollectionListQuerySchema } from "../schemas/collections";

const refusals = { 400: "A field is missing or wrong (the message names it)", 404: "Message not found" };

export const messageOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/messages",
    tag: "Messages",
    summary:
      "The outbox: every message to customers, newest first; filters by status, channel, kind, customer, sale and Lagos days (`from`, `to`)",
    access: "read:Messages",
    query: MessageListQuerySchema,
    success: ok("One page of messages", MessageListSchema),
  },
  {
    method: "get",
    path: "/api/v1/messages/settings",
    tag: "Messages",
    summary:
      "Which gateways are configured, the last delivery report, the reminder schedule and the templates",
    access: "read:Messages",
    success: ok("The settings", MessageSettingsSchema),
  },
  {
    method: "put",
    path: "/api/v1/messages/settings/schedule",
    tag: "Messages",
    summary:
      "The reminder schedule: on or off, days before the credit runs out, on the day, days after (1–60, at most five each)",
    access: "manage:Settings",
    body: ReminderScheduleSchema,
    success: ok("The schedule now", MessageSettingsSchema.shape.schedule),
  },
  {
    method: "put",
    path: "/api/v1/messages/templates/{kind}",
    tag: "Messages",
    summary: "Change a message's template; a variable the message has no value for is refused",
    access: "manage:Settings",
    body: TemplateSchema,
    success: ok("The template now", TemplateRecordSchema),
    errors: { 400: "Unknown variable, or too long", 404: "No such message template" },
  },
  {
    method: "delete",
    path: "/api/v1/messages/templates/{kind}",
    tag: "Messages",
    summary: "Put a message's template back to the default text",
    access: "manage:Settings",
    success: ok("The template now", TemplateRecordSchema),
    errors: { 404: "No such message template" },
  },
  {
    method: "post",
    path: "/api/v1/messages/templates/{kind}/preview",
    tag: "Messages",
    summary:
      "A template filled in with a real account (`saleId`, or the newest account), with its SMS length and parts",
    access: "manage:Settings",
    body: TemplatePreviewSchema,
    success: ok("The text as the customer would read it", TemplatePreviewResultSchema),
    errors: { 400: "Unknown variable, or no such account", 404: "No such message template" },
  },
  {
    method: "post",
    path: "/api/v1/messages/list-count",
    tag: "Messages",
    summary: "How many accounts a list message would go to: the worklist's filters",
    access: "write:Messages",
    body: z.object({ filters: CollectionListQuerySchema.omit({ page: true, limit: true }).strict() }),
    success: ok("The count", z.object({ count: z.number() })),
  },
  {
    method: "post",
    path: "/api/v1/messages/list",
    tag: "Messages",
    summary:
      "One message to each customer of the accounts the worklist's filters select; `expected` is the count the sender confirmed (refused if the list changed). At most 3 an hour per staff member",
    access: "write:Messages",
    body: BulkMessageSchema,
    success: ok("How many were queued, and skipped (opted out, no number)", BulkMessageResultSchema, 201),
    errors: { 400: "The list changed, or a field is wrong", 429: "Too many list messages" },
  },
  {
    method: "get",
    path: "/api/v1/messages/{id}",
    tag: "Messages",
    summary: "One message with its status, gateway id and failure reason",
    access: "read:Messages",
    success: ok("The message", MessageRecordSchema),
    errors: { 404: "Message not found" },
  },
  {
    method: "post",
    path: "/api/v1/messages/{id}/resend",
    tag: "Messages",
    summary: "Send a failed or rejected message again, to the customer's number as it is now",
    access: "write:Messages",
    success: ok("The message, queued", MessageRecordSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/messages/{id}/sandbox-report",
    tag: "Messages",
    summary:
      "Sandbox only: mark a message delivered, failed or rejected, as a gateway's delivery report would",
    access: "write:Messages",
    body: SandboxReportSchema,
    success: ok("The message after it", MessageRecordSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/messages/reports/africastalking",
    tag: "Messages",
    summary:
      "Africa's Talking's delivery report callback (form fields `id`, `status`, `phoneNumber`, `failureReason`); with AT_REPORT_TOKEN set, the URL must carry `?token=` with it",
    access: "public",
    success: ok("Applied", z.object({ status: z.literal("ok") })),
    errors: { 400: "Not a delivery report", 401: "Wrong token", 404: "No message with this id and number" },
  },
  {
    method: "post",
    path: "/api/v1/messages/reports/termii",
    tag: "Messages",
    summary: "Termii's delivery report webhook, signed with `X-Termii-Signature` (HMAC-SHA512 of the body)",
    access: "public",
    success: ok("Applied", z.object({ status: z.literal("ok") })),
    errors: { 400: "Not a delivery report", 401: "Bad signature", 404: "No message with this id and number" },
  },
];

const sameSecret = (given: string | undefined, expected: string) => {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function messageRoutes({ db, caches, config }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const providers = () => ({
    sms: config.sms.provider,
    email: config.smtpUrl
      ? ("smtp" as const)
      : config.mailOutboxDir
        ? ("outbox-dir" as const)
        : ("log" as const),
  });
  const kindOf = (raw: string) => {
    const kind = TemplateKindSchema.safeParse(raw);
    if (!kind.success) throw httpError(404, "No such message template");
    return kind.data;
  };
  const source = {
    count: (query: MessageListQuery) => countMessages(db, query),
    list: async (query: MessageListQuery, total: () => Promise<number>) =>
      pageOf("messages", await listMessages(db, query), await total(), query),
  };

  return new Hono<ApiEnv>()
    .get("/", guard("read:Messages"), async (c) => {
      const query = readQuery(c, MessageListQuerySchema);
      if (query.from && query.to && query.from > query.to)
        throw httpError(400, ["to: From must be on or before To"]);
      return listAnswer(c, query, source);
    })
    .get("/settings", guard("read:Messages"), async (c) =>
      c.json(await messageSettingsOf(db, providers()), 200),
    )
    .put("/settings/schedule", guard("manage:Settings"), async (c) => {
      const input = await readJsonBody(c, ReminderScheduleSchema);
      return c.json(await saveReminderSchedule(db, signedInActor(c), input), 200);
    })
    .put("/templates/:kind", guard("manage:Settings"), async (c) => {
      const input = await readJsonBody(c, TemplateSchema);
      const kind = kindOf(c.req.param("kind"));
      return c.json(await saveTemplate(db, signedInActor(c), kind, input), 200);
    })
    .delete("/templates/:kind", guard("manage:Settings"), async (c) => {
      const kind = kindOf(c.req.param("kind"));
      return c.json(await resetTemplate(db, signedInActor(c), kind), 200);
    })
    .post("/templates/:kind/preview", guard("manage:Settings"), async (c) => {
      const input = await readJsonBody(c, TemplatePreviewSchema);
      const kind = kindOf(c.req.param("kind"));
      return c.json(await previewTemplate(db, kind, input), 200);
    })
    .post("/list-count", guard("write:Messages"), async (c) => {
      const input = await readJsonBody(
        c,
        z
          .object({
            filters: CollectionListQuerySchema.omit({ page: true, limit: true }).strict().default({}),
          })
          .strip(),
      );
      return c.json({ count: await bulkCount(db, signedInActor(c).userId, input.filters) }, 200);
    })
    .post("/list", guard("write:Messages"), async (c) => {
      const input = await readJsonBody(c, BulkMessageSchema);
      return c.json(await sendBulkMessage(db, signedInActor(c), input), 201);
    })
    .post("/reports/africastalking", async (c) => {
      const form = new URLSearchParams(await c.req.text());
      // Text with U+0000 cannot be stored, not even to keep the refusal.
      if ([...form.values()].some((value) => value.includes("\u0000")))
        return c.json(errorBody(400, NUL_CHARACTER), 400);
      const reportToken = config.sms.provider === "africastalking" ? config.sms.reportToken : null;
      if (reportToken && !sameSecret(c.req.query("token"), reportToken)) {
        await keepReport(db, {
          provider: "africastalking",
          providerId: form.get("id"),
          outcome: "forged",
          detail: "Wrong or missing token",
        });
        return c.json(errorBody(401, "Unauthorized"), 401);
      }
      const report = parseAfricasTalkingReport(Object.fromEntries(form));
      if (!report) {
        await keepReport(db, {
          provider: "africastalking",
          providerId: form.get("id"),
          outcome: "unreadable",
          detail: form.get("status"),
        });
        return c.json(errorBody(400, "Not a delivery report"), 400);
      }
      return (await applyDeliveryReport(db, report))
        ? c.json({ status: "ok" as const }, 200)
        : c.json(errorBody(404, "No message with this id and number"), 404);
    })
    .post("/reports/termii", async (c) => {
      const raw = await c.req.text();
      if (/\u0000|\\u0000/.test(raw)) return c.json(errorBody(400, NUL_CHARACTER), 400);
      const secret = config.sms.provider === "termii" ? config.sms.secretKey : null;
      if (!secret || !termiiSignatureMatches(raw, c.req.header("x-termii-signature"), secret)) {
        await keepReport(db, {
          provider: "termii",
          outcome: "forged",
          detail: secret ? "Bad signature" : "Termii is not configured",
        });
        return c.json(errorBody(401, "Unauthorized"), 401);
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      const report = parseTermiiReport(body);
      if (!report) {
        await keepReport(db, { provider: "termii", outcome: "unreadable", detail: raw.slice(0, 200) });
        return c.json(errorBody(400, "Not a delivery report"), 400);
      }
      return (await applyDeliveryReport(db, report))
        ? c.json({ status: "ok" as const }, 200)
        : c.json(errorBody(404, "No message with this id and number"), 404);
    })
    .get("/:id", guard("read:Messages"), async (c) => c.json(await getMessage(db, c.req.param("id")), 200))
    .post("/:id/resend", guard("write:Messages"), async (c) => {
      await readJsonBody(c, z.object({}).strip());
      return c.json(await resendMessage(db, signedInActor(c), c.req.param("id")), 200);
    })
    .post("/:id/sandbox-report", guard("write:Messages"), async (c) => {
      const input = await readJsonBody(c, SandboxReportSchema);
      return c.json(await markSandboxMessage(db, c.req.param("id"), input), 200);
    });
}
