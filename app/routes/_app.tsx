import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { NotificationListSchema } from "#backend/schemas/activity";
import { OverviewSchema } from "#backend/schemas/overview";
import { callApi, parseAnswer, throwFailure } from "~/api.server";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ActionCenter } from "~/components/frame/action-center";
import { ACTION_CENTER_PARAM, ACTION_CENTER_VALUE, AppHeader } from "~/components/frame/app-header";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/frame/skip-link";
import { LoadingIndicator } from "~/components/loading-indicator";
import { requireSession } from "~/session.server";
import { describeFailure } from "~/utils/error-catalogue";
import { formatHeaderDate } from "~/utils/format";
import { useRevalidateOnFocus } from "~/utils/use-freshness";

/**
 * The signed-in frame. Its counts and activity are extras: when they fail the frame still renders
 * and the page shows the failure, except a 401, which signs out everywhere.
 */
export async function loader({ request }: LoaderFunctionArgs) {
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

export default function AppLayout() {
  const { user, today, unseenActivity, actionCenter } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  useRevalidateOnFocus();
  return (
    <div className="min-h-full">
      <SkipLink />
      <AppHeader user={user} today={today} activityCount={unseenActivity || null} />
      {navigation.state === "loading" ? (
        <LoadingIndicator className="fixed left-1/2 top-20 z-40 -translate-x-1/2 rounded-full bg-white px-4 py-1 shadow" />
      ) : null}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto max-w-7xl px-4 pb-12 pt-20 sm:px-6 print:p-0"
      >
        <Outlet />
      </main>
      {actionCenter ? (
        <ActionCenter
          activity={actionCenter.activity}
          failure={actionCenter.failure}
          unseenCount={unseenActivity}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <SectionErrorBoundary />
    </main>
  );
}
