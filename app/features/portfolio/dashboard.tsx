import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ACCOUNT_DEFINITIONS } from "#backend/constants/portfolio";
import { PORTFOLIO_DEFINITIONS } from "#backend/constants/portfolio-definitions";
import { addDays } from "#backend/schemas/dates";
import type { PortfolioSummary } from "#backend/schemas/portfolio";

/** The figures the page shows beside its sales and collections series. */
type Figures = Omit<
  PortfolioSummary,
  "sales" | "collections" | "weeklySales" | "weeklyCollections" | "vintage"
>;
import { LineChart, StackedBarChart } from "~/components/charts";
import { TitleBanner } from "~/components/frame/title-banner";
import { formatDate, formatNaira, formatNumber, formatPercent, formatTime } from "~/utils/format";
import { PortfolioFilterForm, accountsHref, isFiltered, portfolioSearch } from "./portfolio-filters";
import type { portfolioLoader } from "./portfolio.server";

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
const headCell = "py-2 pr-4 text-right last:pr-0";

/** Short axis labels: ₦1.2m, ₦350k. */
function shortNaira(value: number) {
  if (Math.abs(value) >= 1e9) return `₦${formatNumber(Math.round(value / 1e8) / 10)}b`;
  if (Math.abs(value) >= 1e6) return `₦${formatNumber(Math.round(value / 1e5) / 10)}m`;
  if (Math.abs(value) >= 1e3) return `₦${formatNumber(Math.round(value / 1e2) / 10)}k`;
  return formatNaira(value);
}

// Made once: a formatter is costly to build, and the page labels hundreds of cells.
const MONTH_LABEL = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
const WEEK_LABEL = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** A month (YYYY-MM): Jun 2026. */
function monthLabel(month: string) {
  return MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`));
}

/** A week by its Monday: 8 Jun. */
function weekLabel(week: string) {
  return WEEK_LABEL.format(new Date(`${week}T00:00:00Z`));
}

function Definition({ children }: { children: ReactNode }) {
  return <p className="mt-2 text-xs leading-relaxed text-slate-600">{children}</p>;
}

function Tile({
  label,
  value,
  detail,
  href,
  definition,
}: {
  label: string;
  value: string;
  detail: string;
  href: string;
  definition: string;
}) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Link to={href} className="group rounded-lg focus:outline-none focus:ring-2 focus:ring-brand-500">
        <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</span>
        <span className="mt-1 block text-2xl font-semibold text-slate-900 group-hover:underline">
          {value}
        </span>
        <span className="mt-1 block text-sm text-slate-700">{detail}</span>
      </Link>
      <Definition>{definition}</Definition>
    </li>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Tiles({ summary, filters }: { summary: Figures; filters: Parameters<typeof accountsHref>[0] }) {
  const par = (days: number) => summary.par.find((row) => row.days === days);
  const par30 = par(30);
  const par90 = par(90);
  const collection = (key: string) => summary.collection.find((row) => row.key === key);
  const thisMonth = collection("thisMonth");
  const trailing = collection("trailing3");
  const fpd = summary.firstPaymentDefault.overall;
  return (
    <ul aria-label="Portfolio figures" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <Tile
        label="PAR 30"
        value={formatPercent(par30?.byBalance.rate)}
        detail={`${formatNaira(par30?.byBalance.numerator ?? 0)} of ${formatNaira(par30?.byBalance.denominator ?? 0)} · ${formatNumber(par30?.byCount.numerator ?? 0)} accounts (${formatPercent(par30?.byCount.rate)} by count)`}
        href={accountsHref(filters, { lateOver: "30" })}
        definition={PORTFOLIO_DEFINITIONS.par}
      />
      <Tile
        label="PAR 90"
        value={formatPercent(par90?.byBalance.rate)}
        detail={`${formatNaira(par90?.byBalance.numerator ?? 0)} · ${formatNumber(par90?.byCount.numerator ?? 0)} accounts (${formatPercent(par90?.byCount.rate)} by count)`}
        href={accountsHref(filters, { lateOver: "90" })}
        definition={PORTFOLIO_DEFINITIONS.par}
      />
      <Tile
        label="Collection rate, this month"
        value={formatPercent(thisMonth?.rate)}
        detail={`${formatNaira(thisMonth?.collected ?? 0)} collected of ${formatNaira(thisMonth?.scheduled ?? 0)} due`}
        href={accountsHref(filters, { active: "true", sort: "arrears" })}
        definition={PORTFOLIO_DEFINITIONS.collectionRate}
      />
      <Tile
        label="Collection rate, trailing 3 months"
        value={formatPercent(trailing?.rate)}
        detail={`${formatNaira(trailing?.collected ?? 0)} collected of ${formatNaira(trailing?.scheduled ?? 0)} due`}
        href={accountsHref(filters, { active: "true", sort: "arrears" })}
        definition={PORTFOLIO_DEFINITIONS.collectionRate}
      />
      <Tile
        label="First-payment default"
        value={formatPercent(fpd.rate)}
        detail={`${formatNumber(fpd.numerator)} of ${formatNumber(fpd.denominator)} accounts`}
        href={accountsHref(filters, { firstPaymentDefault: "true" })}
        definition={`${PORTFOLIO_DEFINITIONS.firstPaymentDefault} Worked out once a day.`}
      />
      <Tile
        label="Active accounts"
        value={formatNumber(summary.active.count)}
        detail="On time, late or defaulted"
        href={accountsHref(filters, { active: "true" })}
        definition={ACCOUNT_DEFINITIONS.account}
      />
      <Tile
        label="Outstanding"
        value={formatNaira(summary.active.outstanding)}
        detail={`Owed on ${formatNumber(summary.active.count)} active accounts`}
        href={accountsHref(filters, { active: "true", sort: "outstanding" })}
        definition={ACCOUNT_DEFINITIONS.outstanding}
      />
      <Tile
        label="Written off"
        value={formatNaira(summary.writtenOff.outstanding)}
        detail={`${formatNumber(summary.writtenOff.count)} ${summary.writtenOff.count === 1 ? "account" : "accounts"}`}
        href={accountsHref(filters, { status: "WRITTEN_OFF" })}
        definition={PORTFOLIO_DEFINITIONS.writtenOff}
      />
    </ul>
  );
}

function ParTable({ summary }: { summary: Figures }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="figures w-full text-left text-sm">
        <caption className="sr-only">Portfolio at risk by days late</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Measure
            </th>
            <th scope="col" className={headCell}>
              Balance late
            </th>
            <th scope="col" className={headCell}>
              By balance
            </th>
            <th scope="col" className={headCell}>
              Accounts late
            </th>
            <th scope="col" className={headCell}>
              By count
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.par.map((row) => (
            <tr key={row.days}>
              <th scope="row" className="py-2 pr-4 font-medium">
                PAR {row.days}
              </th>
              <td>{formatNaira(row.byBalance.numerator)}</td>
              <td>{formatPercent(row.byBalance.rate)}</td>
              <td>{formatNumber(row.byCount.numerator)}</td>
              <td>{formatPercent(row.byCount.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SimpleTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="figures w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={index === 0 ? "py-2 pr-4" : headCell}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((content, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="py-2 pr-4 font-medium">
                    {content}
                  </th>
                ) : (
                  <td key={index}>{content}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PortfolioDashboard() {
  const { summary, vintage, filters, options, salesBy, overTime } = useLoaderData<typeof portfolioLoader>();
  const onceADay = `Worked out once a day from the accounts' history: last at ${formatTime(summary.historyComputedAt)} today.`;
  const salesRows = overTime.sales;
  const collectionRows = overTime.collections;
  const periodLabel = salesBy === "week" ? weekLabel : monthLabel;
  const categories = [...new Set(salesRows.map((row) => row.category))];
  const salesPeriods = [...new Set(salesRows.map((row) => row.period))];
  return (
    <div className="flex flex-col gap-6">
      <TitleBanner
        title="Portfolio"
        icon="portfolio"
        warehouseName={`The loan book as of ${formatDate(`${summary.asOf}T12:00:00+01:00`)}${isFiltered(filters) ? ", filtered" : ""}`}
        action={
          <Link
            to={accountsHref(filters)}
            className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            All accounts
          </Link>
        }
      />
      <PortfolioFilterForm filters={filters} options={options} action="/portfolio">
        {/* Filtering keeps the charts grouped as they are. */}
        {salesBy === "week" ? <input type="hidden" name="salesBy" value="week" /> : null}
      </PortfolioFilterForm>
      <Tiles summary={summary} filters={filters} />

      <Section title="Portfolio at risk" id="par-heading">
        <Definition>{PORTFOLIO_DEFINITIONS.par}</Definition>
        <Definition>{ACCOUNT_DEFINITIONS.daysLate}</Definition>
        <Definition>{ACCOUNT_DEFINITIONS.creditExpiry}</Definition>
        <ParTable summary={summary} />
      </Section>

      <Section title="Accounts by days late" id="buckets-heading">
        <Definition>{PORTFOLIO_DEFINITIONS.buckets}</Definition>
        <ul aria-label="Accounts in each bucket" className="mt-3 flex flex-wrap gap-2">
          {summary.buckets.map((bucket) => (
            <li key={bucket.key}>
              <Link
                to={accountsHref(filters, { bucket: bucket.key })}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-500"
              >
                {bucket.label}: {formatNumber(bucket.count)} {bucket.count === 1 ? "account" : "accounts"}
              </Link>
            </li>
          ))}
        </ul>
        <StackedBarChart
          title="Outstanding balance of active accounts by days late"
          series={[{ key: "outstanding", label: "Outstanding" }]}
          rows={summary.buckets.map((bucket) => ({
            label: bucket.label,
            values: { outstanding: bucket.outstanding },
            href: accountsHref(filters, { bucket: bucket.key }),
          }))}
          format={formatNaira}
          formatTick={shortNaira}
          valueHeading="Outstanding"
          tableCaption="Active accounts and their outstanding balance by days late"
        />
      </Section>

      <Section title="Collection rate" id="collection-heading">
        <Definition>{PORTFOLIO_DEFINITIONS.collectionRate}</Definition>
        <SimpleTable
          caption="Collection rate by period"
          headers={["Period", "Due", "Collected", "Rate"]}
          rows={summary.collection.map((period) => ({
            key: period.key,
            cells: [
              `${period.label} (${formatDate(`${period.from}T12:00:00+01:00`)} – ${formatDate(`${period.to}T12:00:00+01:00`)})`,
              formatNaira(period.scheduled),
              formatNaira(period.collected),
              formatPercent(period.rate),
            ],
          }))}
        />
      </Section>

      <Section title="First-payment default by sale month" id="fpd-heading">
        <Definition>{PORTFOLIO_DEFINITIONS.firstPaymentDefault}</Definition>
        <Definition>{onceADay}</Definition>
        {summary.firstPaymentDefault.byCohort.length ? (
          <SimpleTable
            caption="First-payment default by sale month"
            headers={["Sale month", "Past due 30 days", "Not paid in 30 days", "Rate"]}
            rows={summary.firstPaymentDefault.byCohort.map((row) => ({
              key: row.cohort,
              cells: [
                <Link
                  key="month"
                  to={accountsHref({ ...filters, cohort: row.cohort }, { firstPaymentDefault: "true" })}
                  className="text-brand-700 underline"
                >
                  {monthLabel(row.cohort)}
                </Link>,
                formatNumber(row.eligible),
                formatNumber(row.defaults),
                formatPercent(row.rate),
              ],
            }))}
          />
        ) : (
          <p className="mt-4 text-sm text-slate-700">No first installment is 30 days past due yet.</p>
        )}
      </Section>

      <Section title="Default rate by month" id="default-heading">
        <Definition>{PORTFOLIO_DEFINITIONS.defaultRate}</Definition>
        <Definition>{onceADay}</Definition>
        <SimpleTable
          caption="Default rate by month"
          headers={["Month", "Active at start", "Became defaulted", "Rate"]}
          rows={summary.defaultRate.map((row) => ({
            key: row.month,
            cells: [
              monthLabel(row.month),
              formatNumber(row.activeAtStart),
              formatNumber(row.defaulted),
              formatPercent(row.rate),
            ],
          }))}
        />
      </Section>

      <Section title="Vintage curves" id="vintage-heading">
        <Definition>{PORTFOLIO_DEFINITIONS.vintage}</Definition>
        <Definition>{onceADay}</Definition>
        <LineChart
          title="Paid so far divided by due so far, by months since the sale, one line per sale month"
          xLabel="Months since sale"
          seriesHeading="Sale month"
          series={vintage.map((cohort) => ({
            name: monthLabel(cohort.cohort),
            points: cohort.points.flatMap((point) =>
              point.ratio === null ? [] : [{ x: point.month, y: point.ratio }],
            ),
          }))}
          formatY={formatPercent}
          tableCaption="Paid divided by due, by sale month and months since the sale"
        />
      </Section>

      <Section title="Sales and collections over time" id="sales-heading">
        <Definition>{PORTFOLIO_DEFINITIONS.salesOverTime}</Definition>
        <Definition>{onceADay}</Definition>
        <nav aria-label="Group sales and collections" className="mt-3 flex gap-2 text-sm">
          {(["month", "week"] as const).map((unit) => (
            <Link
              key={unit}
              to={`/portfolio${portfolioSearch(filters, unit === "week" ? { salesBy: "week" } : {})}#sales-heading`}
              aria-current={salesBy === unit ? "true" : undefined}
              className={`rounded-lg border px-3 py-1 font-semibold focus:outline-none focus:ring-2 focus:ring-brand-500 ${
                salesBy === unit
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-brand-700 hover:bg-brand-50"
              }`}
            >
              By {unit}
            </Link>
          ))}
        </nav>
        <h3 className="mt-4 text-base font-semibold text-slate-900">Installment sales by {salesBy}</h3>
        <StackedBarChart
          title={`Value of installment sales by ${salesBy} and product category`}
          series={categories.map((category) => ({ key: category, label: category }))}
          rows={salesPeriods.map((period) => ({
            label: periodLabel(period),
            values: Object.fromEntries(
              salesRows.filter((row) => row.period === period).map((row) => [row.category, row.value]),
            ),
            href: accountsHref(
              salesBy === "week"
                ? { ...filters, cohort: undefined, from: period, to: addDays(period, 6) }
                : { ...filters, cohort: period },
              { sort: "saleDate" },
            ),
          }))}
          format={formatNaira}
          formatTick={shortNaira}
          tableCaption={`Value of installment sales by ${salesBy} and product category`}
        />
        <p className="mt-2 text-sm text-slate-700">
          Units sold:{" "}
          {salesPeriods
            .map(
              (period) =>
                `${periodLabel(period)} ${formatNumber(salesRows.filter((row) => row.period === period).reduce((sum, row) => sum + row.units, 0))}`,
            )
            .join(" · ") || "none"}
        </p>
        <h3 className="mt-6 text-base font-semibold text-slate-900">Money received by {salesBy}</h3>
        <StackedBarChart
          title={`Money received for installment sales by ${salesBy}, cash and online`}
          series={[
            { key: "cash", label: "Cash" },
            { key: "online", label: "Online" },
          ]}
          rows={collectionRows.map((row) => ({
            label: periodLabel(row.period),
            values: { cash: row.cash, online: row.online },
          }))}
          format={formatNaira}
          formatTick={shortNaira}
          tableCaption={`Money received by ${salesBy}, cash and online`}
        />
      </Section>

      <Section title="Agents" id="agents-heading">
        <Definition>{PORTFOLIO_DEFINITIONS.agents}</Definition>
        {summary.agents.length ? (
          <SimpleTable
            caption="Each agent's book"
            headers={["Agent", "Accounts", "Value sold", "Outstanding", "PAR 30"]}
            rows={summary.agents.map((agent) => ({
              key: agent.agentId ?? "none",
              cells: [
                agent.agentId ? (
                  <Link
                    key="agent"
                    to={accountsHref({ ...filters, agentId: agent.agentId })}
                    className="text-brand-700 underline"
                  >
                    {agent.name}
                  </Link>
                ) : (
                  agent.name
                ),
                formatNumber(agent.accounts),
                formatNaira(agent.value),
                formatNaira(agent.outstanding),
                formatPercent(agent.par30.rate),
              ],
            }))}
          />
        ) : (
          <p className="mt-4 text-sm text-slate-700">No accounts for these filters.</p>
        )}
      </Section>
    </div>
  );
}
