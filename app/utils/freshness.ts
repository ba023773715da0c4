/**
 * Background refreshing (focus, reconnect, 60 s list polling) stops once the backend has refused a
 * read for permission (spec 000 §4): asking again would only be refused again. The stop belongs to
 * the page where it happened; another page refreshes as usual.
 */
let stoppedOnPath: string | null = null;

export function stopRefreshing(pathname: string) {
  stoppedOnPath = pathname;
}

/** Called on every navigation: leaving the refused page lifts the stop. */
export function forgetStopUnlessOn(pathname: string) {
  if (stoppedOnPath !== pathname) stoppedOnPath = null;
}

export function isRefreshingStopped(pathname: string) {
  return stoppedOnPath === pathname;
}

export const FOCUS_THROTTLE_MS = 5000;
export const LIST_REFRESH_MS = 60_000;
