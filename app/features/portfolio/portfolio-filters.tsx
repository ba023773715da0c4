import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { PortfolioFilters, PortfolioOptions } from "#backend/schemas/portfolio";

export const FILTER_KEYS = [
  "from",
  "to",
  "productId",
  "categoryId",
  "agentId",
  "location",
  "cohort",
] as const satisfies readonly (keyof PortfolioFilters)[];

/** The filters as URL parameters, with what a tile or bucket adds. */
export function portfolioSearch(filters: PortfolioFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export const accountsHref = (filters: PortfolioFilters, extra: Record<string, string> = {}) =>
  `/portfolio/accounts${portfolioSearch(filters, extra)}`;

export const isFiltered = (filters: PortfolioFilters) => FILTER_KEYS.some((key) => Boolean(filters[key]));

export const FILTER_FIELD = "flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700";
export const FILTER_INPUT =
  "min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm font-normal text-slate-900 focus:outline-none focus:ring-2 focus:ring-brand-500";

/** A filter's select: "all" first (the empty value), then any fixed choices, then the options. */
export function Choice({
  label,
  name,
  value,
  options,
  all,
  fixed = [],
}: {
  label: string;
  name: string;
  value: string | undefined;
  options: { id: string; name: string }[];
  all: string;
  fixed?: { id: string; name: string }[];
}) {
  return (
    <label className={FILTER_FIELD}>
      {label}
      <select name={name} defaultValue={value ?? ""} className={FILTER_INPUT}>
        <option value="">{all}</option>
        {fixed.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A GET form: the filters live in the URL, so a filtered view is a link that works without JavaScript. */
export function PortfolioFilterForm({
  filters,
  options,
  action,
  children,
}: {
  filters: PortfolioFilters;
  options: PortfolioOptions;
  action: string;
  /** Fields of the page's own (the account list's bucket, status and sort). */
  children?: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      aria-label="Portfolio filters"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className={FILTER_FIELD}>
          Sold from
          <input type="date" name="from" defaultValue={filters.from ?? ""} className={FILTER_INPUT} />
        </label>
        <label className={FILTER_FIELD}>
          Sold to
          <input type="date" name="to" defaultValue={filters.to ?? ""} className={FILTER_INPUT} />
        </label>
        <label className={FILTER_FIELD}>
          Sale month
          <input
            type="month"
            name="cohort"
            defaultValue={filters.cohort ?? ""}
            placeholder="YYYY-MM"
            className={FILTER_INPUT}
          />
        </label>
        <label className={FILTER_FIELD}>
          Location
          <input
            type="text"
            name="location"
            defaultValue={filters.location ?? ""}
            maxLength={100}
            placeholder="State, town or area"
            className={FILTER_INPUT}
          />
        </label>
        <Choice
          label="Agent"
          name="agentId"
          value={filters.agentId}
          options={options.agents}
          all="All agents"
        />
        <Choice
          label="Product"
          name="productId"
          value={filters.productId}
          options={options.products}
          all="All products"
        />
        <Choice
          label="Product category"
          name="categoryId"
          value={filters.categoryId}
          options={options.categories}
          all="All categories"
        />
        {children}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-500 focus:ring-offset-2"
        >
          Apply filters
        </button>
        <Link to={action} className="text-sm text-brand-700 underline">
          Clear filters
        </Link>
      </div>
    </Form>
  );
}
