import { Hono } from "hono";
import type { ApiDeps, ApiEnv } from "../http/env";
import { createGuard, currentSession } from "../http/guard";
import { getOverview } from "../services/overview";

export function overviewRoutes({ db }: ApiDeps) {
  const guard = createGuard(db);

  return new Hono<ApiEnv>().get("/", guard(), async (c) => {
    return c.json(await getOverview(db, currentSession(c).permissions), 200);
  });
}
