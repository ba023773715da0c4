import { z } from "zod";
import { PaginationSchema, listSchema } from "./list";

export const ActivityQuerySchema = PaginationSchema.extend({
  actorId: z.string().trim().min(1).max(64, "actorId is too long").optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

export const ActivityItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  subject: z.string(),
  recordId: z.string().nullable(),
  summary: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export const ActivityListSchema = listSchema("activity", ActivityItemSchema);

export const NotificationListSchema = listSchema(
  "activity",
  ActivityItemSchema.extend({ unseen: z.boolean() }),
);
export type NotificationList = z.infer<typeof NotificationListSchema>;
