// After a permission refusal (spec 000 §4) background refreshing stops: asking again would be refused
// again. The stop belongs to the page where it happened.
let stoppedOnPath: string | null = null;

export function stopRefreshing(pathname: string) {
  stoppedOnPath = pathname;
}

export function forgetStopUnlessOn(pathname: string) {
  if (stoppedOnPath !== pathname) stoppedOnPath = null;
}

export function isRefreshingStopped(pathname: string) {
  return stoppedOnPath === pathname;
}

export const FOCUS_THROTTLE_MS = 5000;
export const LIST_REFRESH_MS = 60_000;
