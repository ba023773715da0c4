import { z } from "zod";

/**
 * Home tiles and side navigation: counts per area, only for areas the caller may read; and how many
 * changes made by others the caller has not seen in the Action Center yet (absent without the right
 * to read the activity).
 */
export const OverviewSchema = z.object({
  counts: z.record(z.number()),
  unseenActivity: z.number().optional(),
});
export type Overview = z.infer<typeof OverviewSchema>;
