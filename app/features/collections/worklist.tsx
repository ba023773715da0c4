import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import {
  COLLECTION_DEFINITIONS,
  PROMISE_STATE_LABELS,
  WORKLIST_FILTERS,
} from "#backend/constants/collections";
import type { CollectionTab } from "#backend/constants/collections";
import { BUCKETS } from "#backend/constants/portfolio";
import type { CollectionRecord } from "#backend/schemas/collections";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { TitleBanner } from "~/components/frame/title-banner";
import { ListSection } from "~/components/list-section";
import { SubmitButton } from "~/components/submit-button";
import { AccountStatusPill } from "~/features/portfolio/account-status";
import { Choice, FILTER_FIELD, FILTER_INPUT } from "~/features/portfolio/portfolio-filters";
import { formatDate, formatNaira, formatNumber } from "~/utils/format";
import type { worklistLoader } from "./collections.server";

const TABS: { key: CollectionTab; title: string; count: "all" | "mine" | "due" | "broken" }[] = [
  { key: "all", title: "All late", count: "all" },
  { key: "mine", title: "Mine", count: "mine" },
  { key: "due", title: "Due today", count: "due" },
  { key: "broken", title: "Broken promises", count: "broken" },
];

const FILTERS = WORKLIST_FILTERS;
const ASSIGN_FORM = "assign-form";

export const day = (date: string | null) => (date ? formatDate(`${date}T12:00:00+01:00`) : "—");

export function promiseText(promise: CollectionRecord["promise"]) {
  return promise
    ? `${formatNaira(promise.amount)} by ${day(promise.date)} (${PROMISE_STATE_LABELS[promise.state]})`
    : "—";
}

// The days-late buckets with something to collect: the in-credit one has none.
const LATE_BUCKETS = BUCKETS.filter((bucket) => bucket.key !== "current").map((bucket) => ({
  id: bucket.key,
  name: bucket.label,
}));
const check = "flex items-center gap-2 text-sm font-medium text-slate-700";

export function Worklist() {
  const { page, counts, options, can } = useLoaderData<typeof worklistLoader>();
  const { query, list } = page;
  const location = useLocation();
  const kept = new URLSearchParams();
  for (const key of FILTERS) {
    const value = query[key];
    if (value !== undefined && value !== "" && value !== false) kept.set(key, String(value));
  }
  const tabHref = (tab: CollectionTab) => {
    const params = new URLSearchParams(kept);
    if (tab !== "all") params.set("tab", tab);
    const search = params.toString();
    return `/collections${search ? `?${search}` : ""}`;
  };
  const current = TABS.find((tab) => tab.key === query.tab) ?? TABS[0];
  const filtered = FILTERS.some((key) => key !== "search" && Boolean(query[key]));
  const clearHref = query.tab !== "all" ? `/collections?tab=${query.tab}` : "/collections";
  const messageSearch = new URLSearchParams(kept);
  if (query.tab !== "all") messageSearch.set("tab", query.tab);

  const columns: Column<CollectionRecord>[] = [
    ...(can.write
      ? [
          {
            header: "Select",
            cell: (row: CollectionRecord) => (
              <input
                type="checkbox"
                name="saleIds"
                value={row.saleId}
                form={ASSIGN_FORM}
                aria-label={`Select ${row.customerName}, sale ${row.saleNumber}`}
                className="h-4 w-4 rounded border-slate-300"
              />
            ),
          },
        ]
      : []),
    {
      header: "Customer",
      primary: true,
      cell: (row) => (
        <Link to={`/collections/${row.saleId}`} className="text-brand-700 hover:underline">
          {row.customerName}
          <span className="sr-only">, sale {row.saleNumber}</span>
        </Link>
      ),
    },
    { header: "Phone", cell: (row) => row.phone },
    { header: "Days late", cell: (row) => formatNumber(row.daysLate) },
    { header: "Arrears", cell: (row) => formatNaira(row.arrears) },
    { header: "Outstanding", cell: (row) => formatNaira(row.outstanding) },
    { header: "Status", cell: (row) => <AccountStatusPill status={row.status} /> },
    { header: "Collector", cell: (row) => row.assignedToName ?? "Nobody" },
    { header: "Promise", cell: (row) => promiseText(row.promise) },
    { header: "Follow-up", cell: (row) => day(row.followUpOn) },
    { header: "Agent", cell: (row) => row.agentName ?? "No agent" },
  ];

  return (
    <div className="flex flex-col gap-6">
      <TitleBanner title="Collections" icon="collections" warehouseName="Late and defaulted accounts" />
      <nav aria-label="Worklist tabs" className="flex flex-wrap gap-2">
        {TABS.map((tab) => (
          <Link
            key={tab.key}
            to={tabHref(tab.key)}
            aria-current={tab.key === current.key ? "page" : undefined}
            className={`rounded-lg border px-3 py-1.5 text-sm font-semibold focus:outline-none focus:ring-2 focus:ring-brand-500 ${
              tab.key === current.key
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 bg-white text-brand-700 hover:bg-brand-50"
            }`}
          >
            {tab.title} ({formatNumber(counts[tab.count])})
          </Link>
        ))}
      </nav>
      {counts.promisesDueToday > 0 ? (
        <p className="text-sm text-slate-700">
          <Link to="/collections?promiseDue=true" className="text-brand-700 underline">
            {formatNumber(counts.promisesDueToday)}{" "}
            {counts.promisesDueToday === 1 ? "promise falls" : "promises fall"} due today
          </Link>
        </p>
      ) : null}
      <Form
        method="get"
        action="/collections"
        aria-label="Filter the worklist"
        className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        {query.tab !== "all" ? <input type="hidden" name="tab" value={query.tab} /> : null}
        {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
        <Choice label="Days late" name="bucket" value={query.bucket} options={LATE_BUCKETS} all="Any" />
        <Choice
          label="Agent"
          name="agentId"
          value={query.agentId}
          options={options.agents}
          all="All agents"
        />
        <Choice
          label="Collector"
          name="assignedTo"
          value={query.assignedTo}
          fixed={[{ id: "none", name: "Nobody yet" }]}
          options={options.collectors}
          all="Anyone"
        />
        <label className={FILTER_FIELD}>
          Location
          <input
            name="location"
            defaultValue={query.location ?? ""}
            maxLength={100}
            className={FILTER_INPUT}
          />
        </label>
        <label className={check}>
          <input
            type="checkbox"
            name="promiseDue"
            value="true"
            defaultChecked={Boolean(query.promiseDue)}
            className="h-4 w-4 rounded border-slate-300"
          />
          Promise due today
        </label>
        <label className={check}>
          <input
            type="checkbox"
            name="neverContacted"
            value="true"
            defaultChecked={Boolean(query.neverContacted)}
            className="h-4 w-4 rounded border-slate-300"
          />
          Never contacted
        </label>
        <div className="flex items-end gap-2 sm:col-span-2">
          <button
            type="submit"
            className="rounded-lg bg-slate-900 px-4 py-1.5 text-sm font-semibold text-white hover:bg-slate-700"
          >
            Filter
          </button>
          {filtered ? (
            <Link to={clearHref} className="text-sm text-brand-700 underline">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
      <ListSection
        title={current.title}
        searchLabel="Accounts"
        search={query.search}
        keep={Object.fromEntries(
          [...new URLSearchParams(location.search).entries()].filter(
            ([key]) => key !== "search" && key !== "page",
          ),
        )}
        filtered={filtered}
        clearHref={clearHref}
        page={list}
        itemLabel="accounts"
        emptyHint="Accounts appear here the day they run out of credit."
        actions={
          can.message && list.total > 0 ? (
            <Link
              to={`/collections/message${messageSearch ? `?${messageSearch}` : ""}`}
              className="rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              Message these accounts
            </Link>
          ) : null
        }
      >
        {can.write ? (
          <Form
            id={ASSIGN_FORM}
            method="post"
            action={`/collections?index${location.search ? `&${location.search.slice(1)}` : ""}`}
            className="mt-4 flex flex-wrap items-end gap-2"
          >
            <Choice
              label="Assign the selected accounts to"
              name="assignedTo"
              value={undefined}
              options={options.collectors}
              all="Nobody"
            />
            <SubmitButton pendingText="Assigning..." className="py-1.5">
              Assign selected
            </SubmitButton>
          </Form>
        ) : null}
        <DataTable
          caption={current.title}
          columns={columns}
          rows={list.accounts}
          rowKey={(row) => row.saleId}
        />
      </ListSection>
      <section
        aria-label="Definitions"
        className="rounded-xl border border-slate-200 bg-white p-4 text-xs leading-relaxed text-slate-600 shadow-sm"
      >
        <p>{COLLECTION_DEFINITIONS.worklist}</p>
        <p className="mt-1">{COLLECTION_DEFINITIONS.promise}</p>
        <p className="mt-1">{COLLECTION_DEFINITIONS.due}</p>
      </section>
    </div>
  );
}
