import { Form, useLocation } from "@remix-run/react";
import { FormSelect } from "~/components/form-select";
import { formatNumber } from "~/utils/format";

/** Null when the role may not read them: the select and its search are left out. */
export type SearchableChoices = { options: { value: string; label: string }[]; total: number } | null;

// A GET form of its own, above the drawer's form (forms do not nest). Without JavaScript what was typed
// in the form below is not kept, so it comes first.
export function OptionSearch({
  name,
  label,
  choices,
}: {
  name: string;
  label: string;
  choices: SearchableChoices;
}) {
  const location = useLocation();
  if (!choices) return null;
  const shown = choices.options.length;
  const { total } = choices;
  const params = new URLSearchParams(location.search);
  const current = params.get(name) ?? "";
  if (!current && total <= shown) return null;
  const id = `${name}-option-search`;
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="mb-3 flex flex-col gap-1 rounded-lg bg-slate-50 p-3"
    >
      {[...params]
        .filter(([key]) => key !== name)
        .map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          name={name}
          defaultValue={current}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
        />
        <button type="submit" className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-medium text-white">
          Find
        </button>
      </div>
      <p className="text-xs text-slate-600">
        {total > shown
          ? `The list below shows ${formatNumber(shown)} of ${formatNumber(total)}: search to narrow it.`
          : `${formatNumber(total)} found.`}
      </p>
    </Form>
  );
}

export function SearchableSelect({
  choices,
  ...select
}: Omit<React.ComponentProps<typeof FormSelect>, "options"> & { choices: SearchableChoices }) {
  return choices ? <FormSelect {...select} options={choices.options} /> : null;
}
