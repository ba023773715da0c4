import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/** A GET form, so the search lives in the URL and works without JavaScript. */
export function ListSearch({
  action,
  label,
  defaultValue,
  filters,
  keep = {},
}: {
  action: string;
  label: string;
  defaultValue: string;
  filters?: ReactNode;
  keep?: Record<string, string | null | undefined>;
}) {
  const id = `${label.toLowerCase().replace(/\W+/g, "-")}-search`;
  return (
    // On narrow screens the form takes its own row; the box keeps a usable width and the filters wrap below it.
    <Form
      method="get"
      action={action}
      role="search"
      className="flex w-full min-w-0 flex-wrap gap-2 sm:w-auto sm:flex-nowrap"
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label htmlFor={id} className="sr-only">
        Search {label.toLowerCase()}
      </label>
      <input
        id={id}
        type="search"
        name="search"
        defaultValue={defaultValue}
        placeholder={`Search ${label.toLowerCase()} here`}
        className="min-w-[10rem] flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm sm:w-56 sm:flex-none"
      />
      {filters}
      <button
        type="submit"
        className="shrink-0 rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-medium text-white"
      >
        Search
      </button>
    </Form>
  );
}
