import { useLocation } from "@remix-run/react";
import { Drawer } from "../drawer";
import { EmptyState } from "../empty-state";
import { ErrorPanel } from "../error-panel";
import type { FailureDescription } from "~/utils/error-catalogue";
import { formatDate, formatTime } from "~/utils/format";
import { actionCenterHref } from "./app-header";

export type ActivityEntry = {
  id: string;
  summary: string;
  actorName: string | null;
  createdAt: string;
  unseen: boolean;
};

/**
 * What colleagues changed in the areas the signed-in role may read, newest first, the entries that came
 * since the last visit marked New (the old app's static sample made real).
 */
export function ActionCenter({
  activity,
  failure,
}: {
  activity: ActivityEntry[] | null;
  failure: FailureDescription | null;
}) {
  const location = useLocation();
  return (
    <Drawer title="Action Center" size="small" closeTo={actionCenterHref(location, false)}>
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
