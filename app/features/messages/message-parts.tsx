import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  RESENDABLE_STATUSES,
} from "#backend/constants/messages";
import { smsLength, smsLengthText } from "#backend/constants/sms-parts";
import type { MessageRecord } from "#backend/schemas/messages";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { SubmitButton } from "~/components/submit-button";
import { formatDate, formatTime } from "~/utils/format";
import { MessageStatusPill } from "./message-status";

export type { TokenMessage } from "./message-status";
export { MessageStatusPill };

export const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : "—");

/** The status, and why when it did not reach the phone; a queued one says when it will go. */
export function MessageState({ message }: { message: MessageRecord }) {
  const waiting = message.status === "QUEUED" && Date.parse(message.sendAfter) > Date.now() + 60_000;
  return (
    <div className="flex flex-col gap-1">
      <span>
        <MessageStatusPill status={message.status} />
      </span>
      {message.error ? <span className="text-xs text-red-800">{message.error}</span> : null}
      {waiting ? <span className="text-xs text-slate-600">Goes out {when(message.sendAfter)}</span> : null}
    </div>
  );
}

/** Resend for a failed one; in the sandbox, the buttons a gateway's delivery report would stand for. */
export function MessageActions({
  message,
  action,
  canWrite,
}: {
  message: MessageRecord;
  action: string;
  canWrite: boolean;
}) {
  if (!canWrite) return null;
  if (RESENDABLE_STATUSES.includes(message.status)) {
    return (
      <Form method="post" action={action}>
        <input type="hidden" name="messageId" value={message.id} />
        <SubmitButton intent="resend" pendingText="Queueing..." className="py-1 text-xs">
          Resend
          <span className="sr-only"> the message to {message.customerName}</span>
        </SubmitButton>
      </Form>
    );
  }
  if (message.provider === "sandbox" && message.status === "SENT") {
    return (
      <Form method="post" action={action} className="flex flex-wrap gap-1">
        <input type="hidden" name="messageId" value={message.id} />
        <SubmitButton intent="mark-delivered" pendingText="Marking..." className="py-1 text-xs">
          Mark delivered
        </SubmitButton>
        <SubmitButton intent="mark-failed" tone="danger" pendingText="Marking..." className="py-1 text-xs">
          Mark failed
        </SubmitButton>
      </Form>
    );
  }
  return null;
}

export function messageColumns({
  action,
  canWrite,
  withCustomer,
}: {
  action: string;
  canWrite: boolean;
  withCustomer: boolean;
}): Column<MessageRecord>[] {
  return [
    { header: "Queued", cell: (message) => when(message.createdAt) },
    ...(withCustomer
      ? [
          {
            header: "Customer",
            primary: true,
            cell: (message: MessageRecord) => (
              <Link to={`/customers/${message.customerId}`} className="text-brand-700 hover:underline">
                {message.customerName}
              </Link>
            ),
          },
        ]
      : []),
    {
      header: "Message",
      primary: !withCustomer,
      cell: (message) => (
        <div className="flex min-w-[14rem] max-w-md flex-col gap-1">
          <span className="font-medium">{MESSAGE_KIND_LABELS[message.kind]}</span>
          <span className="whitespace-pre-line text-slate-700">{message.body}</span>
        </div>
      ),
    },
    {
      header: "To",
      cell: (message) => (
        <span>
          {MESSAGE_CHANNEL_LABELS[message.channel]} {message.recipient || "—"}
        </span>
      ),
    },
    { header: "Status", cell: (message) => <MessageState message={message} /> },
    {
      header: "Actions",
      cell: (message) => <MessageActions message={message} action={action} canWrite={canWrite} />,
    },
  ];
}

/**
 * A message's text box with its SMS length under it: the server renders the count of the text it holds,
 * and with JavaScript the count follows the typing.
 */
export function MessageBox({
  label,
  name = "body",
  defaultValue,
  errors,
  maxLength,
  rows = 4,
  hint,
}: {
  label: string;
  name?: string;
  defaultValue: string;
  errors?: string[];
  maxLength: number;
  rows?: number;
  hint?: string;
}) {
  const [text, setText] = useState(defaultValue);
  const length = smsLength(text);
  const errorId = `${name}-error`;
  const countId = `${name}-length`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <textarea
        id={name}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${countId}${errors?.length ? ` ${errorId}` : ""}`}
        className={`rounded-lg border px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand-500 ${
          errors?.length ? "border-red-500" : "border-slate-300"
        }`}
      />
      <p id={countId} className="text-xs text-slate-600" aria-live="polite">
        {smsLengthText(length)}
      </p>
      <div id={errorId} className="min-h-[1rem] text-xs text-red-700">
        {errors?.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
}

/**
 * A customer's Messages (their page's tab of what was sent to them): every message with its status, a
 * message to write, and whether they get reminders.
 */
export function CustomerMessages({
  customer,
  messages,
  can,
  lastResult,
}: {
  customer: { id: string; messagesOptOut: boolean };
  messages: { messages: MessageRecord[]; total: number } | null;
  can: { message: boolean; write: boolean };
  lastResult?: {
    initialValue?: Record<string, unknown> | null;
    error?: Record<string, string[] | null | undefined> | null;
  };
}) {
  const page = `/customers/${customer.id}`;
  const typed = lastResult?.initialValue?.body;
  return (
    <section
      aria-labelledby="customer-messages"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="customer-messages" className="text-lg font-semibold">
        Messages
      </h2>
      <div className="mt-3 flex flex-col gap-3 text-sm text-slate-700">
        <div className="flex flex-wrap items-center gap-3">
          <p>
            {customer.messagesOptOut
              ? "Opted out: no reminders or list messages (tokens and receipts still go)."
              : "Gets reminders and list messages."}
          </p>
          {can.write ? (
            <Form method="post" action={page}>
              <SubmitButton
                intent={customer.messagesOptOut ? "opt-in" : "opt-out"}
                pendingText="Saving..."
                tone={customer.messagesOptOut ? undefined : "danger"}
                className="py-1 text-xs"
              >
                {customer.messagesOptOut ? "Send reminders again" : "Opt out of reminders"}
              </SubmitButton>
            </Form>
          ) : null}
        </div>
        {messages === null ? (
          <p>Messages could not be read.</p>
        ) : messages.total === 0 ? (
          <p>No messages to this customer yet.</p>
        ) : (
          <>
            <DataTable
              caption="Messages to this customer, newest first"
              columns={messageColumns({ action: page, canWrite: can.message, withCustomer: false })}
              rows={messages.messages}
              rowKey={(message) => message.id}
            />
            {messages.total > messages.messages.length ? (
              <Link to={`/messages?customerId=${customer.id}`} className="text-brand-700 underline">
                All {messages.total} messages
              </Link>
            ) : null}
          </>
        )}
        {can.message ? (
          <details open={Boolean(lastResult)} className="w-full">
            <summary className="inline-block cursor-pointer rounded-full border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100">
              Write a message
            </summary>
            <Form method="post" action={page} className="mt-3 flex max-w-lg flex-col gap-1">
              <MessageBox
                label="Message"
                defaultValue={typeof typed === "string" ? typed : ""}
                errors={lastResult?.error?.body ?? undefined}
                maxLength={640}
                hint="Sent by SMS (by e-mail without a mobile number). You may use {customerName}, {balance}, {dueDate}."
              />
              <SubmitButton intent="message" pendingText="Queueing..." className="self-start">
                Send Message
              </SubmitButton>
            </Form>
          </details>
        ) : null}
      </div>
    </section>
  );
}
