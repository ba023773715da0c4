/**
 * Remix's single-fetch decoder logs a request before handing its failure to the router, even when the
 * router aborted that request itself because a newer navigation superseded it (a click while the
 * previous page's data was still arriving). The router then drops the aborted request, so nothing
 * failed; only the log says otherwise. Every other error is still logged.
 */
export function isSupersededRequest(logged: readonly unknown[]): boolean {
  const [first] = logged;
  return logged.length === 1 && first instanceof DOMException && first.name === "AbortError";
}

export function quietSupersededRequests(target: Pick<Console, "error">): void {
  const log = target.error.bind(target);
  target.error = (...logged: unknown[]) => {
    if (!isSupersededRequest(logged)) log(...logged);
  };
}
