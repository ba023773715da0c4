import { Form, Link, useLocation } from "@remix-run/react";
import { Drawer } from "../drawer";
import { EmptyState } from "../empty-state";
import { ErrorPanel } from "../error-panel";
import { SubmitButton } from "../submit-button";
import type { FailureDescription } from "~/utils/error-catalogue";
import { formatDate, formatTime } from "~/utils/format";
import { actionCenterHref } from "./app-header";

const MARK_SEEN_ACTION = "/action-center/seen";

export type ActivityEntry = {
  id: string;
  summary: string;
  actorName: string | null;
  createdAt: string;
  unseen: boolean;
};

export function ActionCenter({
  activity,
  failure,
  unseenCount,
  lateToday,
  promisesDue,
}: {
  activity: ActivityEntry[] | null;
  failure: FailureDescription | null;
  /** What the bell counts, which may include entries beyond the ones listed here. */
  unseenCount: number;
  /** Accounts whose credit ran out yesterday, for those who read the portfolio (undefined otherwise). */
  lateToday?: number;
  /** Open promises to pay due today, for those who read collections (undefined otherwise). */
  promisesDue?: number;
}) {
  const location = useLocation();
  const anyUnseen = unseenCount > 0 || Boolean(activity?.some((entry) => entry.unseen));
  return (
    <Drawer title="Action Center" size="small" closeTo={actionCenterHref(location, false)}>
      {anyUnseen && !failure ? (
        <Form method="post" action={MARK_SEEN_ACTION} className="mb-3">
          <input type="hidden" name="redirectTo" value={actionCenterHref(location, true)} />
          <SubmitButton formAction={MARK_SEEN_ACTION} pendingText="Marking..." className="w-full">
            Mark all as seen
          </SubmitButton>
        </Form>
      ) : null}
      {lateToday !== undefined ? (
        <p className="mb-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {lateToday === 0 ? (
            "No account became late today."
          ) : (
            <Link to="/portfolio/accounts?newlyLate=true" className="font-semibold underline">
              {lateToday === 1 ? "1 account became late today" : `${lateToday} accounts became late today`}
            </Link>
          )}
        </p>
      ) : null}
      {promisesDue !== undefined ? (
        <p className="mb-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          {promisesDue === 0 ? (
            "No promise to pay falls due today."
          ) : (
            <Link to="/collections?promiseDue=true" className="font-semibold underline">
              {promisesDue === 1
                ? "1 promise to pay falls due today"
                : `${promisesDue} promises to pay fall due today`}
            </Link>
          )}
        </p>
      ) : null}
      {failure ? (
        <ErrorPanel description={failure} />
      ) : !activity || activity.length === 0 ? (
        <EmptyState title="No notifications">Changes your colleagues make will show here.</EmptyState>
      ) : (
        <ol className="flex flex-col gap-3">
          {activity.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-slate-200 p-3">
              <p className="text-sm text-slate-800">
                {entry.unseen ? (
                  <span className="mr-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                    New
                  </span>
                ) : null}
                {entry.summary}
              </p>
              <p className="mt-1 text-xs text-slate-500">
                {entry.actorName ?? "System"} · {formatDate(entry.createdAt)} {formatTime(entry.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Drawer>
  );
}
