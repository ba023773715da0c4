import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, currentSession } from "../http/guard";
import { getOverview, overviewAudience } from "../services/overview";

export function overviewRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);

  // Every signed-in page asks for this; it is cached between changes (http/read-cache.ts).
  return new Hono<ApiEnv>().get("/", guard(), async (c) => {
    const { permissions } = currentSession(c);
    const overview = await caches.overview.get(overviewAudience(permissions), () =>
      getOverview(db, permissions),
    );
    return c.json(overview, 200);
  });
}
