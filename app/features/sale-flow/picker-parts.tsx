import { Form } from "@remix-run/react";

/** A GET search box: the search lives in the URL; `keep` are parameters it must not lose. */
export function PickerSearch({
  label,
  placeholder,
  defaultValue,
  keep,
}: {
  label: string;
  placeholder: string;
  defaultValue: string;
  keep: Record<string, string | null | undefined>;
}) {
  return (
    <Form method="get" role="search" preventScrollReset className="flex min-w-0 gap-2">
      {Object.entries(keep).map(([name, value]) =>
        value !== null && value !== undefined ? (
          <input key={name} type="hidden" name={name} value={value} />
        ) : null,
      )}
      <label className="sr-only" htmlFor="picker-search">
        {label}
      </label>
      <input
        id="picker-search"
        type="search"
        name="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
      />
      <button
        type="submit"
        className="shrink-0 rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-medium text-white"
      >
        Search
      </button>
    </Form>
  );
}

export function SelectedCounter({ count }: { count: number }) {
  return (
    <p role="status" className="text-sm font-medium text-slate-700">
      {count} Item(s) Selected
    </p>
  );
}

export const doneButtonClass =
  "rounded-full bg-slate-900 px-6 py-2.5 text-sm font-semibold text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:bg-slate-400";
