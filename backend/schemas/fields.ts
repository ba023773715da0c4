import { z } from "zod";
import { normalisePhone, phoneDigits } from "./phone";

/** A required text field: conform turns an empty input into `undefined`, JSON clients may send "". */
export function requiredText(message: string) {
  return z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);
}

export const EmailSchema = requiredText("Email is required").pipe(z.string().email("Invalid email address"));

/**
 * Many customers have no e-mail: an empty field (or none) is "" and means none; anything typed must be an
 * address. Outside an optional() a missing field is "", inside one it stays "not sent". Forms send an empty
 * field as no value at all, hence the optional string inside.
 */
export function emailOrNone(message: string) {
  return z
    .preprocess(
      (value) => (value === null ? undefined : value),
      z
        .string({ invalid_type_error: message })
        .trim()
        .pipe(
          z.union([
            z.literal(""),
            z.string().email(message).max(254, "Email must be at most 254 characters"),
          ]),
        )
        .optional(),
    )
    .transform((value) => value ?? "");
}

export const StaffEmailSchema = requiredText("Email is required").pipe(
  z.string().email("Invalid email format"),
);

export const INVALID_PHONE = "Invalid phone number";

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

export const PhoneSchema = phoneSchema({
  minDigits: 10,
  maxMessage: "Phone number must be at most 20 characters",
});

export const NewPasswordSchema = z
  .string({ required_error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters")
  .refine(
    (value) => /[A-Za-z]/.test(value) && /\d/.test(value),
    "Password must contain a letter and a digit",
  );

export const IdSchema = z.string().trim().min(1, "Id is required").max(64, "Id is too long");

// An empty field or null means "not given" rather than 0, which is a real place in the Gulf of Guinea.
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

export function optionalId(message = "Id is required") {
  return z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.string({ invalid_type_error: message }).trim().min(1, message).max(64, "Id is too long").optional(),
  );
}

/** A blank input and a missing JSON key both mean not given (stored as null). */
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
