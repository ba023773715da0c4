import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import type { TicketStatus } from "#backend/constants/tickets";
import type { TicketAssignee, TicketDetail } from "#backend/schemas/tickets";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { FormSelect } from "~/components/form-select";
import { FormTextarea } from "~/components/form-textarea";
import { SubmitButton } from "~/components/submit-button";
import type { ToastData } from "~/components/toaster";
import { ActionToast } from "~/components/toaster";
import { capitalise, formatDate, formatTime } from "~/utils/format";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";
import type { ticketPageLoader } from "./ticket-page.server";
import { describeTicketEvent, statusChoices, statusLabel, ticketSection } from "./ticket-rules";
import { TicketStatusPill } from "./ticket-status";

const loadTicketStatusFormSchema = () =>
  import("#backend/schemas/tickets").then((module) => module.TicketStatusFormSchema);
const loadTicketAssigneeFormSchema = () =>
  import("#backend/schemas/tickets").then((module) => module.TicketAssigneeFormSchema);
const loadTicketCommentSchema = () =>
  import("#backend/schemas/tickets").then((module) => module.TicketCommentSchema);

export type TicketPageAnswer = { result?: FormResult; toast?: ToastData | null; intent?: string } | undefined;

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function StatusForm({
  ticket,
  mayManage,
  lastResult,
}: {
  ticket: TicketDetail;
  mayManage: boolean;
  lastResult?: FormResult;
}) {
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadTicketStatusFormSchema, lastResult });
  const moves = statusChoices(ticket, mayManage);
  if (moves.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        {ticket.status === "closed"
          ? "Only a role that manages tickets can reopen a closed ticket."
          : "No status change is open from here."}
      </p>
    );
  }
  return (
    <Form method="post" {...form} className="flex flex-col gap-1">
      <FormSelect
        label="Move to"
        placeholder="Select a status"
        options={moves.map((status: TicketStatus) => ({ value: status, label: statusLabel(status) }))}
        {...field("status")}
      />
      {ticket.status === "open" && !ticket.assigneeId ? (
        <p className="text-xs text-slate-600">Assigning someone makes an open ticket active.</p>
      ) : null}
      <ErrorBox errors={formErrors} />
      <SubmitButton intent="status" pendingText="Saving..." className="mt-1 self-start">
        Change Status
      </SubmitButton>
    </Form>
  );
}

function AssigneeForm({
  ticket,
  assignees,
  lastResult,
}: {
  ticket: TicketDetail;
  assignees: TicketAssignee[] | null;
  lastResult?: FormResult;
}) {
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadTicketAssigneeFormSchema, lastResult });
  const assignee = field("assigneeId");
  const options = (assignees ?? []).map((person) => ({ value: person.id, label: person.name }));
  // Someone who can no longer work tickets still shows as the current assignee.
  if (ticket.assigneeId && !options.some((option) => option.value === ticket.assigneeId)) {
    options.unshift({ value: ticket.assigneeId, label: ticket.assigneeName ?? "Current assignee" });
  }
  return (
    <Form method="post" {...form} className="flex flex-col gap-1">
      <FormSelect
        label="Assigned to"
        placeholder="Nobody"
        options={options}
        unavailable={assignees ? undefined : "The staff list could not be loaded."}
        {...assignee}
        defaultValue={lastResult ? (assignee.defaultValue ?? "") : (ticket.assigneeId ?? "")}
      />
      <p className="text-xs text-slate-600">
        An open ticket becomes active when someone is assigned; an active one goes back to open with nobody.
      </p>
      <ErrorBox errors={formErrors} />
      <SubmitButton intent="assign" pendingText="Saving..." className="mt-1 self-start">
        Save Assignee
      </SubmitButton>
    </Form>
  );
}

function CommentForm({ lastResult }: { lastResult?: FormResult }) {
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadTicketCommentSchema, lastResult });
  return (
    <Form method="post" {...form} className="mt-4 flex flex-col gap-1">
      <FormTextarea label="Comment" rows={3} {...field("body")} />
      <ErrorBox errors={formErrors} />
      <SubmitButton intent="comment" pendingText="Adding..." className="self-start">
        Add Comment
      </SubmitButton>
    </Form>
  );
}

function ticketDetails(ticket: TicketDetail): [string, React.ReactNode][] {
  return [
    ["Type", capitalise(ticket.type)],
    ["Priority", capitalise(ticket.priority)],
    ["Status", <TicketStatusPill key="status" status={ticket.status} />],
    [
      "Customer",
      ticket.customerId ? (
        <Link
          key="customer"
          to={`/customers/${ticket.customerId}`}
          className="text-brand-700 hover:underline"
        >
          {ticket.customerName ?? "Customer"}
        </Link>
      ) : (
        "None"
      ),
    ],
    ["Assigned To", ticket.assigneeName ?? "Nobody"],
    ["Opened By", ticket.creatorName ?? "N/A"],
    ["Opened", when(ticket.createdAt)],
    ["Last Updated", when(ticket.updatedAt)],
  ];
}

export function TicketPage({ answer }: { answer: TicketPageAnswer }) {
  const { ticket, can, assignees } = useLoaderData<typeof ticketPageLoader>();
  const section = ticketSection(useLocation().pathname);
  const resultFor = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  const comments = ticket.history.filter((event) => event.kind === "comment");
  return (
    <div className="flex flex-col gap-4">
      <ActionToast toast={answer?.toast} />
      <Link to={`/${section}/all`} className="text-sm text-brand-700 hover:underline">
        ← All tickets
      </Link>
      <Panel id="ticket-subject" title={ticket.subject}>
        <DetailList rows={ticketDetails(ticket)} />
        <h3 className="mt-5 text-xs uppercase tracking-wide text-slate-500">Description</h3>
        <p className="mt-1 whitespace-pre-wrap text-sm text-slate-900">{ticket.description}</p>
      </Panel>
      {can.write ? (
        <Panel id="ticket-work" title="Status and Assignee">
          <div className="mt-3 grid grid-cols-1 gap-6 md:grid-cols-2">
            <StatusForm
              key={`${ticket.status}:${ticket.assigneeId}`}
              ticket={ticket}
              mayManage={can.manage}
              lastResult={resultFor("status")}
            />
            <AssigneeForm
              key={ticket.assigneeId ?? "nobody"}
              ticket={ticket}
              assignees={assignees}
              lastResult={resultFor("assign")}
            />
          </div>
        </Panel>
      ) : null}
      <Panel id="ticket-comments" title="Comments">
        {comments.length ? (
          <ol className="mt-3 flex flex-col gap-3">
            {comments.map((comment) => (
              <li key={comment.id} className="rounded-lg bg-slate-50 p-3">
                <p className="text-xs text-slate-600">
                  <span className="font-medium text-slate-800">{comment.actorName ?? "Someone"}</span> ·{" "}
                  {when(comment.createdAt)}
                </p>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-900">{comment.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-slate-700">No comments yet.</p>
        )}
        {can.write ? <CommentForm key={comments.length} lastResult={resultFor("comment")} /> : null}
      </Panel>
      <Panel id="ticket-history" title="History">
        <ol className="mt-3 flex flex-col gap-2 border-l-2 border-slate-200 pl-4">
          {ticket.history.map((event) => (
            <li key={event.id} className="text-sm text-slate-800">
              <span className="font-medium">{event.actorName ?? "Someone"}</span> {describeTicketEvent(event)}
              <span className="text-xs text-slate-600"> · {when(event.createdAt)}</span>
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}
