import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { CollectionListQuerySchema, WORKLIST_FILTERS } from "#backend/schemas/collections";
import {
  BulkMessageResultSchema,
  ListMessageFormSchema,
  ManualMessageSchema,
  MessageListQuerySchema,
  MessageListSchema,
  MessageRecordSchema,
  MessageSettingsSchema,
  OptOutSchema,
  ReminderScheduleSchema,
  TemplateKindSchema,
  TemplatePreviewResultSchema,
  TemplateRecordSchema,
  TemplateSchema,
} from "#backend/schemas/messages";
import type { TemplatePreviewResult } from "#backend/schemas/messages";
import { readListQuery } from "#backend/schemas/list";
import { apiRead, apiWrite } from "~/api.server";
import { requirePermission } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { loadList } from "~/utils/lists.server";
import { canFlags } from "~/utils/permissions";
import { data } from "@remix-run/node";

// Customer messages (issue 29): the outbox, its settings and templates, a message to a list. The API
// refuses what the role may not do; the forms are offered only to who may use them.

const firstMessage = (message: string | string[] | undefined, fallback: string) =>
  [message ?? fallback].flat()[0] ?? fallback;

/** The same page, its filters kept, without Remix's `?index`. */
function backTo(request: Request, fallback: string) {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const path = `${url.pathname}${url.search}`;
  return path.startsWith("/") ? path : fallback;
}

export async function outboxLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:Messages");
  const page = await loadList(request, {
    path: "/v1/messages",
    query: MessageListQuerySchema,
    answer: MessageListSchema,
    failureMessage: "The messages could not be read",
  });
  return { page, can: canFlags(user, { write: "write:Messages" }) };
}

/**
 * A message's buttons, wherever its row is shown (the outbox, a customer's page, a sale's): send again, or
 * in the sandbox mark it delivered or failed. Answers a redirect back with a toast.
 */
export async function messageRowAction(request: Request, formData: FormData, back: string) {
  const intent = formData.get("intent");
  const messageId = String(formData.get("messageId") ?? "");
  if (!messageId || messageId.length > 64) return redirectWithError(back, "Choose a message");
  const path = `/v1/messages/${encodeURIComponent(messageId)}` as const;
  if (intent === "resend") {
    const answer = await apiWrite(
      request,
      { method: "POST", path: `${path}/resend`, body: {} },
      MessageRecordSchema,
    );
    if (!answer.ok)
      return redirectWithError(back, firstMessage(answer.failure.message, "The message could not be queued"));
    return redirectWithSuccess(back, `Message queued again to ${answer.data.recipient}`);
  }
  if (intent === "mark-delivered" || intent === "mark-failed") {
    const status = intent === "mark-delivered" ? "DELIVERED" : "FAILED";
    const answer = await apiWrite(
      request,
      { method: "POST", path: `${path}/sandbox-report`, body: { status } },
      MessageRecordSchema,
    );
    if (!answer.ok)
      return redirectWithError(back, firstMessage(answer.failure.message, "The message could not be marked"));
    return redirectWithSuccess(
      back,
      status === "DELIVERED" ? "Message marked delivered" : "Message marked failed",
    );
  }
  return redirectWithError(back, "Unknown action");
}

export async function outboxAction({ request }: ActionFunctionArgs) {
  await requirePermission(request, "write:Messages");
  return messageRowAction(request, await readFormData(request), backTo(request, "/messages"));
}

// Settings → Messages.

export async function messageSettingsLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:Messages");
  const settings = await apiRead(request, "/v1/messages/settings", MessageSettingsSchema);
  return { settings, can: canFlags(user, { edit: "manage:Settings" }) };
}

export async function messageSettingsAction({ request }: ActionFunctionArgs) {
  await requirePermission(request, "manage:Settings");
  const submission = parseForm(await readFormData(request), ReminderScheduleSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWrite(
    request,
    { method: "PUT", path: "/v1/messages/settings/schedule", body: submission.value },
    MessageSettingsSchema.shape.schedule,
  );
  if (!answer.ok) return rejectedSubmission(submission, answer.failure);
  return redirectWithSuccess("/settings/messages", "Reminder schedule saved");
}

function templateKind(raw: string | undefined) {
  const kind = TemplateKindSchema.safeParse(raw);
  if (!kind.success)
    throw data(
      { kind: "not-found", title: "Page Not Found", lines: ["No such message template."] },
      { status: 404 },
    );
  return kind.data;
}

export async function templateLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:Messages");
  const kind = templateKind(params.kind);
  const settings = await apiRead(request, "/v1/messages/settings", MessageSettingsSchema);
  const template = settings.templates.find((candidate) => candidate.kind === kind);
  if (!template)
    throw data(
      { kind: "not-found", title: "Page Not Found", lines: ["No such message template."] },
      { status: 404 },
    );
  return { template, can: canFlags(user, { edit: "manage:Settings" }) };
}

type Refusal = ReturnType<typeof invalidSubmission>;

/** Every answer of the template page carries `preview`, so the page can tell a preview from a refusal. */
const withPreview = (answer: Refusal, preview: TemplatePreviewResult | null = null) =>
  data({ ...answer.data, preview }, answer.init ?? undefined);

/** Save, Preview (with a real account) and Back to default, told apart by `intent`. */
export async function templateAction({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "manage:Settings");
  const kind = templateKind(params.kind);
  const page = `/settings/messages/${kind}`;
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "reset") {
    const answer = await apiWrite(
      request,
      { method: "DELETE", path: `/v1/messages/templates/${kind}` },
      TemplateRecordSchema,
    );
    if (!answer.ok)
      return redirectWithError(page, firstMessage(answer.failure.message, "The template could not be reset"));
    return redirectWithSuccess(page, "Template back to its default text");
  }
  const submission = parseForm(formData, TemplateSchema);
  const asked = intent === "preview" ? "preview" : "save";
  if (submission.status !== "success") return withPreview(invalidSubmission(submission, { intent: asked }));
  if (asked === "preview") {
    const answer = await apiWrite(
      request,
      { method: "POST", path: `/v1/messages/templates/${kind}/preview`, body: submission.value },
      TemplatePreviewResultSchema,
    );
    if (!answer.ok) return withPreview(rejectedSubmission(submission, answer.failure, { intent: "preview" }));
    return withPreview(invalidSubmission(submission, { intent: "preview", status: 200 }), answer.data);
  }
  const answer = await apiWrite(
    request,
    { method: "PUT", path: `/v1/messages/templates/${kind}`, body: submission.value },
    TemplateRecordSchema,
  );
  if (!answer.ok) return withPreview(rejectedSubmission(submission, answer.failure, { intent: "save" }));
  return redirectWithSuccess("/settings/messages", `"${answer.data.label}" message saved`);
}

// A message to the accounts the worklist's filters select.

const FILTER_KEYS = ["tab", ...WORKLIST_FILTERS] as const;

/** The worklist's filters from a URL's query, as the list reads them (a bad value is its default). */
function worklistFilters(params: URLSearchParams) {
  const query = readListQuery(CollectionListQuerySchema, params);
  const filters: Record<string, string | boolean> = {};
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== "" && value !== false) filters[key] = value;
  }
  return filters;
}

export async function listMessageLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "write:Messages");
  const filters = worklistFilters(new URL(request.url).searchParams);
  const answer = await apiWrite(
    request,
    { method: "POST", path: "/v1/messages/list-count", body: { filters } },
    z.object({ count: z.number() }),
  );
  if (!answer.ok)
    return redirectWithError(
      "/collections",
      firstMessage(answer.failure.message, "The list could not be counted"),
    );
  return { filters, count: answer.data.count };
}

export async function listMessageAction({ request }: ActionFunctionArgs) {
  await requirePermission(request, "write:Messages");
  const url = new URL(request.url);
  const filters = worklistFilters(url.searchParams);
  const formData = await readFormData(request);
  const submission = parseForm(formData, ListMessageFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWrite(
    request,
    { method: "POST", path: "/v1/messages/list", body: { ...submission.value, filters } },
    BulkMessageResultSchema,
  );
  if (!answer.ok) return rejectedSubmission(submission, answer.failure);
  const { queued, skipped } = answer.data;
  const back = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)]));
  return redirectWithSuccess(
    `/collections${back.size ? `?${back}` : ""}`,
    `Message queued for ${queued} ${queued === 1 ? "customer" : "customers"}${skipped ? `; ${skipped} skipped (opted out or no number)` : ""}`,
  );
}

// The customer page's Messages: a message to the customer, opting out, a row's buttons.

export async function customerMessageIntent(request: Request, formData: FormData, customerId: string) {
  const page = `/customers/${encodeURIComponent(customerId)}`;
  const intent = formData.get("intent");
  if (intent === "resend" || intent === "mark-delivered" || intent === "mark-failed") {
    await requirePermission(request, "write:Messages");
    return messageRowAction(request, formData, `${page}#customer-messages`);
  }
  if (intent === "opt-out" || intent === "opt-in") {
    await requirePermission(request, "write:Customers");
    const optedOut = intent === "opt-out";
    const answer = await apiWrite(
      request,
      {
        method: "PUT",
        path: `/v1/customers/${encodeURIComponent(customerId)}/messages-opt-out`,
        body: { optedOut },
      },
      OptOutSchema,
    );
    if (!answer.ok)
      return redirectWithError(page, firstMessage(answer.failure.message, "The setting could not be saved"));
    return redirectWithSuccess(
      page,
      optedOut ? "The customer gets no more reminders or list messages" : "The customer gets reminders again",
    );
  }
  // intent "message"
  await requirePermission(request, "write:Messages");
  const submission = parseForm(formData, ManualMessageSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: "message" });
  const answer = await apiWrite(
    request,
    {
      method: "POST",
      path: `/v1/customers/${encodeURIComponent(customerId)}/messages`,
      body: submission.value,
    },
    MessageRecordSchema,
  );
  if (!answer.ok) return rejectedSubmission(submission, answer.failure, { intent: "message" });
  return redirectWithSuccess(
    `${page}#customer-messages`,
    answer.data.status === "FAILED" ? `Message not sent: ${answer.data.error}` : "Message queued",
  );
}

export const CUSTOMER_MESSAGE_INTENTS = [
  "message",
  "resend",
  "mark-delivered",
  "mark-failed",
  "opt-out",
  "opt-in",
];
