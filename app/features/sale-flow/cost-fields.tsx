import { MAX_COST_ROWS } from "./cost-rows";
import type { CostRow } from "./cost-rows";

const smallButton =
  "rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";

/** The rows of miscellaneous costs, with 'Add cost' and 'Remove' posting the form back (cost-rows.ts). */
export function CostRowsFields({
  rows,
  formId,
  errorsAt,
}: {
  rows: CostRow[];
  formId: string;
  errorsAt: (name: string) => string[] | undefined;
}) {
  return (
    <>
      <ul aria-label="Miscellaneous costs" className="flex flex-col gap-2">
        {rows.map((row, index) => {
          const nameField = `costs[${index}].name`;
          const costField = `costs[${index}].cost`;
          const nameErrors = errorsAt(nameField);
          const costErrors = errorsAt(costField);
          const id = `${formId}-cost-${index}`;
          return (
            <li
              key={`${index}:${row.name}:${row.cost}:${rows.length}`}
              className="flex flex-wrap items-start gap-2"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <label htmlFor={`${id}-name`} className="text-xs font-medium text-slate-700">
                  Cost name {index + 1}
                </label>
                <input
                  id={`${id}-name`}
                  name={nameField}
                  defaultValue={row.name}
                  aria-invalid={nameErrors?.length ? true : undefined}
                  aria-describedby={nameErrors?.length ? `${id}-name-error` : undefined}
                  className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
                />
                <div id={`${id}-name-error`} className="min-h-[1rem] text-xs text-red-700">
                  {nameErrors?.map((message) => (
                    <p key={message}>{message}</p>
                  ))}
                </div>
              </div>
              <div className="flex w-32 flex-col gap-1">
                <label htmlFor={`${id}-cost`} className="text-xs font-medium text-slate-700">
                  Cost {index + 1} (₦)
                </label>
                <input
                  id={`${id}-cost`}
                  name={costField}
                  defaultValue={row.cost}
                  inputMode="decimal"
                  aria-invalid={costErrors?.length ? true : undefined}
                  aria-describedby={costErrors?.length ? `${id}-cost-error` : undefined}
                  className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
                />
                <div id={`${id}-cost-error`} className="min-h-[1rem] text-xs text-red-700">
                  {costErrors?.map((message) => (
                    <p key={message}>{message}</p>
                  ))}
                </div>
              </div>
              <button
                type="submit"
                name="intent"
                value={`remove-row:${index}`}
                formNoValidate
                aria-label={`Remove cost ${index + 1}`}
                className={`${smallButton} mt-6`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <div>
        <button
          type="submit"
          name="intent"
          value="add-row"
          formNoValidate
          disabled={rows.length >= MAX_COST_ROWS}
          className={smallButton}
        >
          Add cost
        </button>
      </div>
    </>
  );
}
