import type { LoaderFunctionArgs } from "@remix-run/node";
import { NotificationListSchema } from "#backend/schemas/activity";
import { OverviewSchema } from "#backend/schemas/overview";
import { callApi, parseAnswer, throwFailure } from "~/api.server";
import { requireSession } from "~/session.server";
import { describeFailure } from "~/utils/error-catalogue";
import { formatHeaderDate } from "~/utils/format";
import { ACTION_CENTER_PARAM, ACTION_CENTER_VALUE } from "./app-header";

// Counts and activity are extras: when they fail the frame still renders, except a 401, which signs out.
export async function frameLoader({ request }: LoaderFunctionArgs) {
  const { token, user } = await requireSession(request);
  const panelOpen = new URL(request.url).searchParams.get(ACTION_CENTER_PARAM) === ACTION_CENTER_VALUE;
  const [overviewAnswer, activityAnswer] = await Promise.all([
    callApi({ path: "/v1/overview", token, from: request }),
    panelOpen
      ? callApi({ path: "/v1/activity/notifications", query: { limit: 10 }, token, from: request })
      : null,
  ]);
  // Opening the panel changes nothing (a GET, which prefetches and crawlers may follow): "Mark all as
  // seen" in it is a POST to /action-center/seen.
  for (const answer of [overviewAnswer, activityAnswer]) {
    if (answer && !answer.ok && answer.failure.status === 401) await throwFailure(request, answer.failure);
  }
  const overview = overviewAnswer.ok
    ? parseAnswer(OverviewSchema, overviewAnswer, "/v1/overview")
    : overviewAnswer;
  const activity =
    activityAnswer === null
      ? null
      : activityAnswer.ok
        ? parseAnswer(NotificationListSchema, activityAnswer, "/v1/activity/notifications")
        : activityAnswer;
  return {
    user,
    today: formatHeaderDate(new Date()),
    counts: overview.ok ? overview.data.counts : {},
    unseenActivity: overview.ok ? overview.data.unseenActivity : 0,
    overviewFailure: overview.ok ? null : describeFailure(overview.failure),
    actionCenter: activity
      ? {
          activity: activity.ok ? activity.data.activity : null,
          failure: activity.ok ? null : describeFailure(activity.failure),
        }
      : null,
  };
}
