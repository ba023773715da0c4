import type { Context } from "hono";
import type { Pagination } from "../schemas/list";
import { cachedJson } from "./cached-json";
import type { ReadCache } from "./read-cache";

type PageQuery = Pick<Pagination, "page" | "limit">;

/** How an area's list is read: its service's count and list, and which caches keep them. */
export interface ListSource<Query extends PageQuery, Page extends object> {
  count: (query: Query) => Promise<number>;
  /** A total the area's stats already hold (they are cached and read by the page anyway), else undefined. */
  totalFromStats?: (query: Query) => Promise<number | undefined>;
  /** `total` is asked for only when wanted: a short last page knows its own. */
  list: (query: Query, total: () => Promise<number>) => Promise<Page>;
  /**
   * Only for a list a profile showed paying for its reads (decisions 006, 008): each filter set's total is
   * kept in the shared counts, and with `pages` each page too. Without it both are read every time.
   */
  cache?: {
    /** The area and its service's key for the filters: every page of one filter set shares its total. */
    area: string;
    countKey: (query: Query) => string;
    counts: ReadCache<number>;
    pages?: ReadCache<Page>;
  };
}

export async function listAnswer<Query extends PageQuery, Page extends object>(
  c: Context,
  query: Query,
  source: ListSource<Query, Page>,
): Promise<Response> {
  const { cache } = source;
  const filters = cache ? `${cache.area}:${cache.countKey(query)}` : "";
  const total = async () => {
    const fromStats = await source.totalFromStats?.(query);
    if (fromStats !== undefined) return fromStats;
    return cache ? cache.counts.get(filters, () => source.count(query)) : source.count(query);
  };
  if (!cache?.pages) return c.json(await source.list(query, total), 200);
  const page = await cache.pages.get(`${filters}:${query.page}:${query.limit}`, () =>
    source.list(query, total),
  );
  return cachedJson(c, page);
}
