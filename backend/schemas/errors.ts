import { z } from "zod";

/** The one error body of the API: `{ statusCode, message, error }`, plus `fieldErrors` for form fields. */
export const ErrorBodySchema = z.object({
  statusCode: z.number(),
  message: z.union([z.string(), z.array(z.string())]),
  error: z.string(),
  fieldErrors: z.record(z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageSchema = z.object({ message: z.string() });
