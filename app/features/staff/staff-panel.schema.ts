import { z } from "zod";

/** The typed confirmation of Delete Staff: it starts as 'No'; only 'yes' (any case, trimmed) deletes. */
export const DeleteConfirmationSchema = z.object({ confirmation: z.string().default("No") }).strict();

export function isConfirmed(confirmation: string) {
  return confirmation.trim().toLowerCase() === "yes";
}
