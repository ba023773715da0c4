import { z } from "zod";

const fail = (context: z.RefinementCtx, message: string) => {
  context.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
};

export const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

// Booleans, lists, "Infinity", "1e3" and "0x10" are not numbers here, though JavaScript would make them so.
export function numberFrom(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : undefined;
}

// Counted on the text: multiplying by 10^places rounds for large amounts and would misjudge them.
export function decimalPlaces(number: number): number {
  if (Number.isInteger(number)) return 0;
  const [, fraction = "", exponent = "0"] = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(number)) ?? [];
  return Math.max(0, fraction.length - Number(exponent));
}

export function decimalField({
  min,
  max,
  places,
  messages,
}: {
  min: number;
  max: number;
  places?: number;
  messages: { invalid: string; required?: string; tooSmall?: string; tooLarge?: string; places?: string };
}) {
  return z
    .unknown()
    .transform((value, context) => {
      if (isBlank(value)) return fail(context, messages.required ?? messages.invalid);
      const number = numberFrom(value);
      if (number === undefined) return fail(context, messages.invalid);
      if (number < min) return fail(context, messages.tooSmall ?? messages.invalid);
      if (number > max) return fail(context, messages.tooLarge ?? messages.invalid);
      if (places !== undefined && decimalPlaces(number) > places)
        return fail(context, messages.places ?? messages.invalid);
      return number;
    })
    .describe(
      `A number from ${min} to ${max}${places === undefined ? "" : ` with at most ${places} decimals`}`,
    );
}

export function blankAs<Schema extends z.ZodTypeAny>(fallback: z.input<Schema>, field: Schema) {
  return z.preprocess((value) => (isBlank(value) ? fallback : value), field);
}

export function optionalField<Schema extends z.ZodTypeAny>(field: Schema) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), field.optional());
}

/** Other words ("yes", "1") are refused rather than guessed at. */
export function flagField(message: string) {
  return z
    .unknown()
    .transform((value, context) => {
      if (typeof value === "boolean") return value;
      const text = typeof value === "string" ? value.trim() : undefined;
      if (text === "true" || text === "on") return true;
      if (text === "false") return false;
      return fail(context, message);
    })
    .describe("true or false");
}

export function wholeNumberField(messages: {
  required: string;
  notWhole: string;
  tooSmall: string;
  tooLarge: string;
  min?: number;
  max: number;
}) {
  const { min = 1, max } = messages;
  // unknown, not number | string: a union would answer its own "Invalid input" instead of the field's words.
  return z.unknown().transform((value, context) => {
    if (isBlank(value)) return fail(context, messages.required);
    let number: number;
    if (typeof value === "number") number = value;
    else if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) number = Number(value.trim());
    else return fail(context, messages.notWhole);
    if (!Number.isFinite(number)) return fail(context, messages.notWhole);
    if (!Number.isInteger(number)) return fail(context, messages.notWhole);
    if (number < min) return fail(context, messages.tooSmall);
    if (number > max) return fail(context, messages.tooLarge);
    return number;
  });
}

export function choiceListField<Choice extends string>(
  choices: readonly [Choice, ...Choice[]],
  messages: { required: string; invalid: string },
) {
  return z.unknown().transform((value, context): Choice[] => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((part) =>
      typeof part === "string" ? part.split(",") : [part],
    );
    const picked: Choice[] = [];
    for (const part of parts) {
      if (isBlank(part)) continue;
      const text = typeof part === "string" ? part.trim() : part;
      if (!choices.includes(text as Choice)) return fail(context, messages.invalid);
      if (!picked.includes(text as Choice)) picked.push(text as Choice);
    }
    if (picked.length === 0) return fail(context, messages.required);
    return choices.filter((choice) => picked.includes(choice));
  });
}

export function parsedJson(value: unknown) {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
