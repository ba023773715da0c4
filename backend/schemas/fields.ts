import { z } from "zod";
import { normalisePhone, phoneDigits } from "./phone";

/** A required text field: conform turns an empty input into `undefined`, JSON clients may send "". */
export function requiredText(message: string) {
  return z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);
}

export const EmailSchema = requiredText("Email is required").pipe(z.string().email("Invalid email address"));

/** Staff forms say 'Invalid email format' (spec 000 §5). */
export const StaffEmailSchema = requiredText("Email is required").pipe(
  z.string().email("Invalid email format"),
);

export const INVALID_PHONE = "Invalid phone number";

/**
 * A phone field: required, checked and stored in one form (phone.ts). `minDigits` is the staff forms'
 * "at least 10 digits" (spec 000 §5); `maxMessage` the wording of each area's 20-character limit.
 */
export function phoneSchema({ minDigits, maxMessage }: { minDigits?: number; maxMessage: string }) {
  const required = "Phone number is required";
  return z.string({ required_error: required, invalid_type_error: required }).transform((value, context) => {
    const typed = phoneDigits(value);
    const fail = (message: string) => {
      context.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    };
    if (typed === "") return fail(required);
    if (typed.length > 20) return fail(maxMessage);
    if (/[^\d+]/.test(typed)) return fail(INVALID_PHONE);
    if (minDigits && typed.replace(/\D/g, "").length < minDigits)
      return fail(`Phone number must be at least ${minDigits} digits`);
    return normalisePhone(typed) ?? fail(INVALID_PHONE);
  });
}

/** Staff phone numbers: at least 10 digits (spec 000 §5, §9). */
export const PhoneSchema = phoneSchema({
  minDigits: 10,
  maxMessage: "Phone number must be at most 20 characters",
});

/** Our password rule (documented in the README): at least 8 characters with a letter and a digit. */
export const NewPasswordSchema = z
  .string({ required_error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters")
  .refine(
    (value) => /[A-Za-z]/.test(value) && /\d/.test(value),
    "Password must contain a letter and a digit",
  );

export const IdSchema = z.string().trim().min(1, "Id is required").max(64, "Id is too long");

/**
 * An optional coordinate. Forms send text ("6.45"), JSON clients numbers; an empty field or null means
 * "not given" rather than 0, which is a real place in the Gulf of Guinea.
 */
export function coordinate(label: string, limit: number) {
  const message = `${label} must be a number between -${limit} and ${limit}`;
  return z.preprocess(
    (value) => {
      if (typeof value === "string") return value.trim() === "" ? undefined : Number(value.trim());
      return value ?? undefined;
    },
    z.number({ invalid_type_error: message }).min(-limit, message).max(limit, message).optional(),
  );
}

/** An optional reference to another record: an empty select ("") or null means "none chosen". */
export function optionalId(message = "Id is required") {
  return z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.string({ invalid_type_error: message }).trim().min(1, message).max(64, "Id is too long").optional(),
  );
}

/**
 * An optional short text: trimmed, and an empty field counts as not given (stored as null), so a
 * form's blank input and a JSON client's missing key mean the same.
 */
export function optionalText(label: string, max: number) {
  return z.preprocess(
    (value) => ((typeof value === "string" && value.trim() === "") || value === null ? undefined : value),
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );
}
