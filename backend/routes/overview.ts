import { OverviewSchema } from "../schemas/overview";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { Hono } from "hono";
import { cachedJson } from "../http/cached-json";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, currentSession } from "../http/guard";
import { countUnseen } from "../services/notifications";
import { cachedLateCount } from "../services/collections";
import { getAreaCounts, overviewAudience } from "../services/overview";

export const overviewOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/overview",
    tag: "Overview",
    summary: "Record counts for the areas the caller may read",
    access: "signed-in",
    success: ok("Counts by area", OverviewSchema),
  },
];

export function overviewRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);

  // Every signed-in page asks for this; it is cached between changes (http/read-cache.ts).
  return new Hono<ApiEnv>().get("/", guard(), async (c) => {
    const session = currentSession(c);
    const [counts, unseenActivity] = await Promise.all([
      caches.overview.get(overviewAudience(session.permissions), () =>
        getAreaCounts(db, session.permissions, cachedLateCount(db, caches.counts)),
      ),
      caches.unseenActivity.get(session.userId, () => countUnseen(db, session)),
    ]);
    return cachedJson(c, overviewAnswer(counts, unseenActivity));
  });
}

const answers = new WeakMap<object, Map<number, object>>();

/** One answer object per cached counts and unseen number, so its JSON text is kept (cachedJson). */
function overviewAnswer(counts: object, unseenActivity: number): object {
  let byUnseen = answers.get(counts);
  if (!byUnseen) {
    byUnseen = new Map();
    answers.set(counts, byUnseen);
  }
  let answer = byUnseen.get(unseenActivity);
  if (!answer) {
    answer = { counts, unseenActivity };
    byUnseen.set(unseenActivity, answer);
  }
  return answer;
}
