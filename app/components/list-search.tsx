import { Form } from "@remix-run/react";

/** A list's search box: a GET form, so the search lives in the URL and works without JavaScript. */
export function ListSearch({
  action,
  label,
  defaultValue,
}: {
  action: string;
  label: string;
  defaultValue: string;
}) {
  const id = `${label.toLowerCase().replace(/\W+/g, "-")}-search`;
  return (
    <Form method="get" action={action} role="search" className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        Search {label.toLowerCase()}
      </label>
      <input
        id={id}
        type="search"
        name="search"
        defaultValue={defaultValue}
        placeholder={`Search ${label.toLowerCase()} here`}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
      />
      <button type="submit" className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-medium text-white">
        Search
      </button>
    </Form>
  );
}
