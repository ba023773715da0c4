import { z } from "zod";

/**
 * Values that arrive as form text (multipart) or as JSON (numbers, arrays), read the same way whichever
 * way they came, each with its field's own messages rather than a parser's.
 */

const fail = (context: z.RefinementCtx, message: string) => {
  context.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
};

/** Missing, null, or only spaces: what an unfilled input sends. */
export const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * A number as JSON sends it (finite) or as form text writes it ("12", " -3.5 "). Booleans, lists,
 * "Infinity", "1e3" and "0x10" are not numbers here, though JavaScript would make numbers of them.
 */
export function numberFrom(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : undefined;
}

/**
 * Decimal places of a number as written (its shortest form, "0.125", "1.5e-7"): counted on the text,
 * because multiplying by 10^places rounds for large amounts and would misjudge them.
 */
export function decimalPlaces(number: number): number {
  if (Number.isInteger(number)) return 0;
  const [, fraction = "", exponent = "0"] = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(number)) ?? [];
  return Math.max(0, fraction.length - Number(exponent));
}

/**
 * A number between `min` and `max` with at most `places` decimals (any when not given), from a number
 * or its text; blank is `messages.required`, anything else that is not a number `messages.invalid`.
 */
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

/** `field` where a blank value (missing, null, "") means `fallback`, as an unfilled optional input does. */
export function blankAs<Schema extends z.ZodTypeAny>(fallback: z.input<Schema>, field: Schema) {
  return z.preprocess((value) => (isBlank(value) ? fallback : value), field);
}

/** `field`, or undefined when left blank. */
export function optionalField<Schema extends z.ZodTypeAny>(field: Schema) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), field.optional());
}

/**
 * A yes/no answer: a JSON boolean, or the text a form sends ("true"/"false" from a select, "on" from a
 * ticked checkbox). Other words ("yes", "1") are refused rather than guessed at.
 */
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

/** A whole number between `min` and `max`, from a number or its text ("12", " 12 "). */
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

/**
 * A set of choices sent as a comma list ("REGULAR,RETURNED"), as repeated form fields (checkboxes), or
 * as a JSON array: trimmed, blanks dropped, each kept once, in the order of `choices`.
 */
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

/** A JSON list sent as form text (multipart) is parsed; anything else is left for the schema to judge. */
export function parsedJson(value: unknown) {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
