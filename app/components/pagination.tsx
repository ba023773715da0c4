import { Link, useLocation } from "@remix-run/react";

function pageHref(location: { pathname: string; search: string }, page: number, param: string) {
  const params = new URLSearchParams(location.search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

export function Pagination({
  page,
  limit,
  total,
  totalPages,
  label,
  param = "page",
}: {
  /** The URL parameter holding the page (a panel over a list keeps its own). */
  param?: string;
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  label: string;
}) {
  const location = useLocation();
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  const linkClass = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100";
  return (
    <nav
      aria-label="Pagination"
      className="flex items-center justify-between gap-3 pt-4 text-sm text-slate-600"
    >
      <p>
        {first} - {last} of {total} {label}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={pageHref(location, page - 1, param)} className={linkClass} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < totalPages ? (
          <Link to={pageHref(location, page + 1, param)} className={linkClass} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
