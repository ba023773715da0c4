import { z } from "zod";

/**
 * Values that arrive as form text (multipart) or as JSON (numbers, arrays), read the same way whichever
 * way they came, each with its field's own messages rather than a parser's.
 */

const fail = (context: z.RefinementCtx, message: string) => {
  context.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
};

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

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
