/**
 * Background refreshing (focus, reconnect, 60 s list polling) stops once the backend has refused
 * a read for permission (spec 000 §4): asking again would only be refused again.
 */
let refreshingStopped = false;

export function stopRefreshing() {
  refreshingStopped = true;
}

export function resumeRefreshing() {
  refreshingStopped = false;
}

export function isRefreshingStopped() {
  return refreshingStopped;
}

export const FOCUS_THROTTLE_MS = 5000;
export const LIST_REFRESH_MS = 60_000;
