import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { ListSearch } from "./list-search";
import { Pagination } from "./pagination";

type Page = { page: number; limit: number; total: number; totalPages: number };

/** "Nothing here yet" and "No results for these filters" are different screens on purpose (decision 009). */
export function ListSection({
  title,
  searchLabel,
  search,
  actions,
  page,
  itemLabel,
  emptyHint,
  filters,
  keep,
  filtered,
  clearHref,
  children,
}: {
  title: string;
  searchLabel?: string;
  search?: string;
  actions?: ReactNode;
  page: Page;
  itemLabel: string;
  emptyHint?: ReactNode;
  filters?: ReactNode;
  /** Parameters the search keeps (a warehouse that is the page's context, not a filter). */
  keep?: Record<string, string | null | undefined>;
  /** An empty list then means "no results" rather than "nothing here yet". */
  filtered?: boolean;
  clearHref?: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const searching = Boolean(search) || Boolean(filtered);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          {searchLabel ? (
            <ListSearch
              action={pathname}
              label={searchLabel}
              defaultValue={search ?? ""}
              filters={filters}
              keep={keep}
            />
          ) : null}
          {actions}
        </div>
      </div>
      {page.total > 0 ? (
        <>
          {children}
          <Pagination {...page} label={itemLabel} />
        </>
      ) : searching ? (
        <EmptyState title="No results for these filters">
          <Link to={clearHref ?? pathname} className="text-brand-700 underline">
            Clear filters
          </Link>
        </EmptyState>
      ) : (
        <EmptyState title="No data available">{emptyHint}</EmptyState>
      )}
    </section>
  );
}

export function ListAction({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
    >
      {children}
    </Link>
  );
}
