import type { FormResult } from "~/utils/use-live-form";
import { typedOr, textAt } from "./draft-view";

// Apart from the identification and person fields (part-fields.tsx), which only the customer's steps show.

// Each field shows what a refused submission sent back, else the saved value.
export type FieldSource = {
  formId: string;
  errorsAt: (name: string) => string[] | undefined;
  lastResult: FormResult | null | undefined;
  saved: Record<string, unknown> | null | undefined;
};

export function fieldProps(source: FieldSource, name: string, savedName = name) {
  const key = name.replace(/\W/g, "-");
  return {
    id: `${source.formId}-${key}`,
    name,
    defaultValue: typedOr(source.lastResult?.initialValue, name, textAt(source.saved, savedName)) ?? "",
    errors: source.errorsAt(name),
    errorId: `${source.formId}-${key}-error`,
  };
}

/** The parameters' number fields, alike in their own window and on the one-page product details. */
export const DURATION_INPUT = {
  label: "Installment Duration (months)",
  type: "number",
  inputMode: "numeric",
  min: 0,
  step: 1,
} as const;
const PERCENT_INPUT = { type: "number", inputMode: "decimal", min: 0, max: 100, step: "any" } as const;
export const STARTING_PRICE_INPUT = { label: "Installment Starting Price (%)", ...PERCENT_INPUT } as const;
export const DISCOUNT_INPUT = { label: "Discount (%)", ...PERCENT_INPUT } as const;
