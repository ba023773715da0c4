import { Link } from "@remix-run/react";

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto my-10 max-w-xl rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <h2 className="text-lg font-semibold text-slate-800">{title}</h2>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </section>
  );
}

export function EmptyListState({ searching, clearHref }: { searching: boolean; clearHref: string }) {
  if (!searching) return <EmptyState title="No data available" />;
  return (
    <EmptyState title="No results for these filters">
      <Link to={clearHref} className="text-brand-700 underline">
        Clear filters
      </Link>
    </EmptyState>
  );
}
