import { Hono } from "hono";
import { ActivityQuerySchema } from "../schemas/activity";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard } from "../http/guard";
import { readQuery } from "../http/validation";
import { listActivity } from "../services/activity";

export function activityRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);

  // The trail is mostly about staff changes for now, so reading it needs the same right as the staff list.
  return new Hono<ApiEnv>().get("/", guard("read:Users"), async (c) => {
    return c.json(await listActivity(db, readQuery(c, ActivityQuerySchema)), 200);
  });
}
