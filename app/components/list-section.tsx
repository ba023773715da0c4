import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { ListSearch } from "./list-search";
import { Pagination } from "./pagination";

type Page = { page: number; limit: number; total: number; totalPages: number };

/**
 * The card every list sits in (docs/decisions/009): title, search, the area's actions, then the rows —
 * or "Nothing here yet" with the create action when the list is empty, or "No results for these
 * filters" with a way back when a search found nothing. The two are different screens on purpose.
 */
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
  /** What the search box searches ("Customers"), or nothing for a list without search. */
  searchLabel?: string;
  search?: string;
  actions?: ReactNode;
  page: Page;
  /** The pagination's 'x - y of total {itemLabel}'. */
  itemLabel: string;
  /** Said under "No data available" on an empty list: what will appear and how to add the first. */
  emptyHint?: ReactNode;
  /** More filter controls sent with the search (see ListSearch). */
  filters?: ReactNode;
  /** URL parameters the search keeps (a warehouse filter that is the page's context, not a filter). */
  keep?: Record<string, string | null | undefined>;
  /** Whether a filter other than the search is on (an empty list then means "no results"). */
  filtered?: boolean;
  /** Where 'Clear filters' goes: the list without its search and filters. */
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

/** The main action of a list's card (New Customer, New User): a link that opens the drawer. */
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
