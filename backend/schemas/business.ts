import { z } from "zod";
import { phoneSchema, requiredText } from "./fields";

const text = (label: string, max: number) =>
  requiredText(`${label} is required`).pipe(
    z.string().max(max, `${label} must be at most ${max} characters`),
  );

/** Shown at the top of every receipt; the form, the action and the API route share it. */
export const BusinessSettingsSchema = z
  .object({
    name: text("Business name", 120),
    address: text("Address", 300),
    phone: phoneSchema({ minDigits: 7, maxMessage: "Phone number must be at most 20 characters" }),
  })
  .strip();
export type BusinessSettingsInput = z.infer<typeof BusinessSettingsSchema>;

/** What the API answers; all empty until an administrator fills them in. */
export const BusinessSettingsRecordSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
});
export type BusinessSettings = z.infer<typeof BusinessSettingsRecordSchema>;
