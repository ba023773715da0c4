import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import {
  MESSAGE_CHANNELS,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_STATUSES,
  MESSAGE_STATUS_LABELS,
} from "#backend/constants/messages";
import { DataTable } from "~/components/data-table";
import { SectionErrorBoundary } from "~/components/error-panel";
import { TitleBanner } from "~/components/frame/title-banner";
import { ListSection } from "~/components/list-section";
import { Choice, FILTER_FIELD, FILTER_INPUT } from "~/features/portfolio/portfolio-filters";
import { messageColumns } from "~/features/messages/message-parts";
import type { outboxLoader } from "~/features/messages/messages.server";

export { outboxAction as action, outboxLoader as loader } from "~/features/messages/messages.server";

export const meta: MetaFunction = () => [{ title: "Messages — SolarDesk" }];

const STATUS_OPTIONS = MESSAGE_STATUSES.map((status) => ({
  id: status,
  name: MESSAGE_STATUS_LABELS[status],
}));
const CHANNEL_OPTIONS = MESSAGE_CHANNELS.map((channel) => ({
  id: channel,
  name: MESSAGE_CHANNEL_LABELS[channel],
}));
const FILTERS = ["status", "channel", "from", "to", "customerId", "saleId"] as const;

/** The outbox (issue 29): every message to customers, for support staff to answer "did it reach me?". */
export default function MessagesRoute() {
  const { page, can } = useLoaderData<typeof outboxLoader>();
  const { query, list } = page;
  const location = useLocation();
  const filtered = FILTERS.some((key) => Boolean(query[key]));
  const action = `/messages${location.search}`;
  return (
    <div className="flex flex-col gap-6">
      <TitleBanner
        title="Messages"
        icon="messages"
        warehouseName="SMS and e-mail to customers, and whether they arrived"
      />
      <Form
        method="get"
        action="/messages"
        aria-label="Filter the messages"
        className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
      >
        {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
        {query.customerId ? <input type="hidden" name="customerId" value={query.customerId} /> : null}
        {query.saleId ? <input type="hidden" name="saleId" value={query.saleId} /> : null}
        <Choice label="Status" name="status" value={query.status} options={STATUS_OPTIONS} all="Any status" />
        <Choice
          label="Channel"
          name="channel"
          value={query.channel}
          options={CHANNEL_OPTIONS}
          all="SMS and e-mail"
        />
        <label className={FILTER_FIELD}>
          From
          <input type="date" name="from" defaultValue={query.from ?? ""} className={FILTER_INPUT} />
        </label>
        <label className={FILTER_FIELD}>
          To
          <input type="date" name="to" defaultValue={query.to ?? ""} className={FILTER_INPUT} />
        </label>
        <div className="flex items-end gap-2">
          <button
            type="submit"
            className="rounded-lg bg-slate-900 px-4 py-1.5 text-sm font-semibold text-white hover:bg-slate-700"
          >
            Filter
          </button>
          {filtered ? (
            <Link to="/messages" className="text-sm text-brand-700 underline">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
      <ListSection
        title="All messages"
        searchLabel="Messages"
        search={query.search}
        keep={Object.fromEntries(
          [...new URLSearchParams(location.search).entries()].filter(
            ([key]) => key !== "search" && key !== "page",
          ),
        )}
        filtered={filtered}
        clearHref="/messages"
        page={list}
        itemLabel="messages"
        emptyHint="Messages appear here as payments, tokens and reminders are sent to customers."
      >
        <DataTable
          caption="Messages to customers, newest first"
          columns={messageColumns({ action, canWrite: can.write, withCustomer: true })}
          rows={list.messages}
          rowKey={(message) => message.id}
        />
      </ListSection>
      <section
        aria-label="Definitions"
        className="rounded-xl border border-slate-200 bg-white p-4 text-xs leading-relaxed text-slate-600 shadow-sm"
      >
        <p>
          Queued: waiting to go (reminders wait for 08:00–20:00 Lagos time; a gateway that did not answer is
          tried again later). Sent: the gateway took it. Delivered: the gateway reports it reached the phone.
          Failed or rejected: it did not, with the reason; send it again once the number is right. Cancelled:
          a reminder the customer paid before it went out.
        </p>
      </section>
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
