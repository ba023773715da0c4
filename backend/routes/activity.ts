import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, currentSession } from "../http/guard";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readQuery } from "../http/validation";
import { ActivityListSchema, ActivityQuerySchema, NotificationListSchema } from "../schemas/activity";
import { MessageSchema } from "../schemas/errors";
import { PaginationSchema } from "../schemas/list";
import { listActivity } from "../services/activity";
import { listNotifications, markNotificationsSeen } from "../services/notifications";

export const activityOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/activity",
    tag: "Activity",
    summary: "Audit trail of changes, newest first; `actorId` keeps one staff member's",
    access: "read:Users",
    query: ActivityQuerySchema,
    success: ok("One page of activity", ActivityListSchema),
  },
  {
    method: "get",
    path: "/api/v1/activity/notifications",
    tag: "Activity",
    summary:
      "The Action Center: others' changes to records the caller may read (no sign-ins), newest first, " +
      "each marked `unseen` when it came after the caller last marked them seen; `search` matches the " +
      "summary or the name of who made the change",
    access: "signed-in",
    query: PaginationSchema,
    success: ok("One page of notifications", NotificationListSchema),
  },
  {
    method: "post",
    path: "/api/v1/activity/notifications/seen",
    tag: "Activity",
    summary:
      "Everything up to now counts as seen (the overview's `unseenActivity` drops to 0): the Action " +
      "Center's Mark all as seen; listing the notifications never does",
    access: "signed-in",
    success: ok("Marked", MessageSchema),
  },
];

export function activityRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);

  return (
    new Hono<ApiEnv>()
      // The whole trail names staff and what they did, so reading it needs the staff list's right.
      .get("/", guard("read:Users"), async (c) => {
        return c.json(await listActivity(db, readQuery(c, ActivityQuerySchema)), 200);
      })
      .get("/notifications", guard(), async (c) => {
        return c.json(await listNotifications(db, currentSession(c), readQuery(c, PaginationSchema)), 200);
      })
      .post("/notifications/seen", guard(), async (c) => {
        await markNotificationsSeen(db, currentSession(c).userId);
        return c.json({ message: "Notifications marked as seen" }, 200);
      })
  );
}
