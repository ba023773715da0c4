import { Link, useLoaderData } from "@remix-run/react";
import {
  ACCOUNT_SORT_LABELS,
  ACCOUNT_SORTS,
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_STATUSES,
  BUCKETS,
  ACCOUNT_DEFINITIONS,
} from "#backend/constants/portfolio";
import type { AccountRecord } from "#backend/schemas/portfolio";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { TitleBanner } from "~/components/frame/title-banner";
import { ListSection } from "~/components/list-section";
import { formatDate, formatNaira, formatNumber } from "~/utils/format";
import { AccountStatusPill } from "./account-status";
import {
  FILTER_FIELD,
  FILTER_INPUT,
  FILTER_KEYS,
  PortfolioFilterForm,
  portfolioSearch,
} from "./portfolio-filters";
import type { accountListLoader } from "./portfolio.server";

const day = (date: string | null) => (date ? formatDate(`${date}T12:00:00+01:00`) : "—");

const COLUMNS: Column<AccountRecord>[] = [
  {
    header: "Customer",
    primary: true,
    cell: (account) => (
      <Link to={`/sales/${account.saleId}`} className="text-brand-700 hover:underline">
        {account.customerName}
        <span className="sr-only">, sale {account.saleNumber}</span>
      </Link>
    ),
  },
  { header: "Sale", cell: (account) => <span className="whitespace-nowrap">{account.saleNumber}</span> },
  { header: "Phone", cell: (account) => account.phone },
  { header: "Agent", cell: (account) => account.agentName ?? "No agent" },
  { header: "Product", cell: (account) => account.products },
  { header: "Sale date", cell: (account) => day(account.saleDate) },
  { header: "Outstanding", cell: (account) => formatNaira(account.outstanding) },
  { header: "Arrears", cell: (account) => formatNaira(account.arrears) },
  { header: "Days late", cell: (account) => formatNumber(account.daysLate) },
  { header: "Credit expiry", cell: (account) => day(account.creditExpiry) },
  { header: "Status", cell: (account) => <AccountStatusPill status={account.status} /> },
  { header: "Last payment", cell: (account) => day(account.lastPaymentOn) },
];

/** What a tile's link added, named so the list says which accounts it shows. */
function shownLabel(query: ReturnType<typeof useLoaderData<typeof accountListLoader>>["page"]["query"]) {
  const parts: string[] = [];
  if (query.bucket) parts.push(`${BUCKETS.find((bucket) => bucket.key === query.bucket)?.label ?? ""} late`);
  if (query.lateOver !== undefined) parts.push(`more than ${query.lateOver} days late`);
  if (query.firstPaymentDefault) parts.push("first installment not paid within 30 days");
  if (query.active) parts.push("active");
  if (query.newlyLate) parts.push("late from today");
  if (query.status) parts.push(ACCOUNT_STATUS_LABELS[query.status].toLowerCase());
  return parts.length ? `Accounts: ${parts.join(", ")}` : "All accounts";
}

export function AccountListPage() {
  const { page, options } = useLoaderData<typeof accountListLoader>();
  const { query, list } = page;
  const exportParams = new URLSearchParams(portfolioSearch(query).slice(1));
  for (const key of [
    "bucket",
    "status",
    "lateOver",
    "firstPaymentDefault",
    "active",
    "newlyLate",
    "sort",
    "search",
  ] as const) {
    const value = query[key];
    if (value !== undefined && value !== "") exportParams.set(key, String(value));
  }
  const exportHref = `/portfolio/accounts/export${exportParams.size ? `?${exportParams}` : ""}`;
  const filtered =
    FILTER_KEYS.some((key) => Boolean(query[key])) ||
    Boolean(
      query.bucket ||
      query.status ||
      query.lateOver !== undefined ||
      query.firstPaymentDefault ||
      query.active ||
      query.newlyLate,
    );
  return (
    <div className="flex flex-col gap-6">
      <TitleBanner
        title="Portfolio accounts"
        icon="portfolio"
        warehouseName={shownLabel(query)}
        action={
          <Link
            to={`/portfolio${portfolioSearch(query)}`}
            className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Back to the dashboard
          </Link>
        }
      />
      <PortfolioFilterForm filters={query} options={options} action="/portfolio/accounts">
        <label className={FILTER_FIELD}>
          Days late
          <select name="bucket" defaultValue={query.bucket ?? ""} className={FILTER_INPUT}>
            <option value="">Any</option>
            {BUCKETS.map((bucket) => (
              <option key={bucket.key} value={bucket.key}>
                {bucket.label}
              </option>
            ))}
          </select>
        </label>
        <label className={FILTER_FIELD}>
          Status
          <select name="status" defaultValue={query.status ?? ""} className={FILTER_INPUT}>
            <option value="">Any</option>
            {ACCOUNT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ACCOUNT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className={FILTER_FIELD}>
          Sort by
          <select name="sort" defaultValue={query.sort} className={FILTER_INPUT}>
            {ACCOUNT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {ACCOUNT_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        {/* What a tile's link chose stays chosen when other filters change. */}
        {query.lateOver !== undefined ? <input type="hidden" name="lateOver" value={query.lateOver} /> : null}
        {query.firstPaymentDefault ? <input type="hidden" name="firstPaymentDefault" value="true" /> : null}
        {query.active ? <input type="hidden" name="active" value="true" /> : null}
        {query.newlyLate ? <input type="hidden" name="newlyLate" value="true" /> : null}
        {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
      </PortfolioFilterForm>
      <ListSection
        title={shownLabel(query)}
        searchLabel="Accounts"
        search={query.search}
        keep={Object.fromEntries([...exportParams.entries()].filter(([key]) => key !== "search"))}
        filtered={filtered}
        clearHref="/portfolio/accounts"
        page={list}
        itemLabel="accounts"
        emptyHint="Installment sales become accounts as they are made."
        actions={
          <a
            href={exportHref}
            download
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            Export CSV
          </a>
        }
      >
        <DataTable
          caption={shownLabel(query)}
          columns={COLUMNS}
          rows={list.accounts}
          rowKey={(account) => account.saleId}
        />
      </ListSection>
      <section
        aria-label="Definitions"
        className="rounded-xl border border-slate-200 bg-white p-4 text-xs leading-relaxed text-slate-600 shadow-sm"
      >
        <p>{ACCOUNT_DEFINITIONS.outstanding}</p>
        <p className="mt-1">{ACCOUNT_DEFINITIONS.arrears}</p>
        <p className="mt-1">{ACCOUNT_DEFINITIONS.daysLate}</p>
        <p className="mt-1">{ACCOUNT_DEFINITIONS.creditExpiry}</p>
      </section>
    </div>
  );
}
