import { z } from "zod";

/**
 * Home tiles and side navigation: counts per area, only for areas the caller may read; and how many
 * Action Center entries (others' changes to records the caller may read) arrived since they last opened it.
 */
export const OverviewSchema = z.object({
  counts: z.record(z.number()),
  unseenActivity: z.number(),
});
export type Overview = z.infer<typeof OverviewSchema>;
