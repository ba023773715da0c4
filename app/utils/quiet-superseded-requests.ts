// Remix's single-fetch decoder logs a request the router aborted itself for a newer navigation, though
// nothing failed; every other error is still logged.
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
