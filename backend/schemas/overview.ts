import { z } from "zod";

export const OverviewSchema = z.object({
  counts: z.record(z.number()),
  unseenActivity: z.number(),
});
export type Overview = z.infer<typeof OverviewSchema>;
