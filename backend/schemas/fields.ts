import { z } from "zod";

/** A required text field: conform turns an empty input into `undefined`, JSON clients may send "". */
export function requiredText(message: string) {
  return z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);
}

export const EmailSchema = requiredText("Email is required").pipe(z.string().email("Invalid email address"));

/** Staff forms say 'Invalid email format' (spec 000 §5). */
export const StaffEmailSchema = requiredText("Email is required").pipe(
  z.string().email("Invalid email format"),
);

/** Phone numbers are stored without whitespace; at least 10 digits (spec 000 §5, §9). */
export const PhoneSchema = z
  .string({ required_error: "Phone number is required" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Phone number is required")
      .regex(/^\+?[\d-]+$/, "Phone number may only contain digits, '-' and a leading '+'")
      .refine((value) => value.replace(/\D/g, "").length >= 10, "Phone number must be at least 10 digits")
      .refine((value) => value.length <= 20, "Phone number must be at most 20 characters"),
  );

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
