import { Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/error-panel";
import type { frameLoader } from "~/components/frame/frame.server";
import { ActionCenter } from "~/components/frame/action-center";
import { AppHeader } from "~/components/frame/app-header";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/frame/skip-link";
import { LoadingIndicator } from "~/components/loading-indicator";
import { useRevalidateOnFocus } from "~/utils/use-freshness";

export { frameLoader as loader } from "~/components/frame/frame.server";

export default function AppLayout() {
  const { user, today, unseenActivity, actionCenter, counts } = useLoaderData<typeof frameLoader>();
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
          lateToday={counts.portfolioLateToday}
          promisesDue={counts.collectionsPromisesDue}
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
