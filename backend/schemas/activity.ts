import { z } from "zod";
import { PaginationSchema } from "./list";

/** The audit trail, optionally only what one staff member did (their Activity History). */
export const ActivityQuerySchema = PaginationSchema.extend({
  actorId: z.string().trim().min(1).max(64, "actorId is too long").optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;
