import { useMatches } from "@remix-run/react";

/** A section layout's tab counts come from the stats its list page read (null on a page without them). */
export function useListStats<Stats>(): Stats | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index].data;
    if (data && typeof data === "object" && "page" in data && "stats" in data) return data.stats as Stats;
  }
  return null;
}
