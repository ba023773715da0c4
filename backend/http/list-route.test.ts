import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ListSource } from "./list-route";
import { listAnswer } from "./list-route";
import { createReadCache } from "./read-cache";

type Query = { page: number; limit: number; tab?: string };
type Page = { rows: string[]; total: number; page: number };

function counting(options: { fromStats?: number; askTotal?: boolean } = {}) {
  const calls = { counts: 0, lists: 0, stats: 0 };
  const source: ListSource<Query, Page> = {
    count: async () => (calls.counts++, 42),
    list: async (query, total) => {
      calls.lists++;
      return {
        rows: [`row ${query.page}`],
        total: options.askTotal === false ? 1 : await total(),
        page: query.page,
      };
    },
  };
  if (options.fromStats !== undefined) {
    const fromStats = options.fromStats;
    source.totalFromStats = async (query) => (calls.stats++, query.tab ? fromStats : undefined);
  }
  return { source, calls };
}

function serve(source: ListSource<Query, Page>) {
  const app = new Hono().get("/", (c) => {
    const page = Number(c.req.query("page") ?? 1);
    return listAnswer(c, { page, limit: 20, tab: c.req.query("tab") }, source);
  });
  return async (path = "/") => {
    const response = await app.request(path);
    return { etag: response.headers.get("etag"), body: (await response.json()) as Page };
  };
}

describe("listAnswer", () => {
  it("without a cache, counts and lists on every request", async () => {
    const { source, calls } = counting();
    const get = serve(source);
    expect((await get()).body).toEqual({ rows: ["row 1"], total: 42, page: 1 });
    const again = await get();
    expect(again.etag).toBeNull();
    expect(calls).toEqual({ counts: 2, lists: 2, stats: 0 });
  });

  it("counts a filter set once for all its pages, and keeps each page", async () => {
    const { source, calls } = counting();
    const counts = createReadCache<number>(60_000);
    const pages = createReadCache<Page>(60_000);
    source.cache = { area: "things", countKey: (query) => query.tab ?? "", counts, pages };
    const get = serve(source);
    const first = await get("/?page=1");
    expect(first.etag).toMatch(/^".+"$/);
    expect((await get("/?page=2")).body.total).toBe(42);
    expect((await get("/?page=1")).etag).toBe(first.etag);
    expect(calls).toEqual({ counts: 1, lists: 2, stats: 0 });
    counts.clear();
    pages.clear();
    await get("/?page=1");
    expect(calls).toEqual({ counts: 2, lists: 3, stats: 0 });
  });

  it("takes a total the stats hold instead of counting", async () => {
    const { source, calls } = counting({ fromStats: 7 });
    source.cache = { area: "things", countKey: (query) => query.tab ?? "", counts: createReadCache(60_000) };
    const get = serve(source);
    expect((await get("/?tab=new")).body.total).toBe(7);
    expect((await get("/")).body.total).toBe(42);
    expect(calls).toEqual({ counts: 1, lists: 2, stats: 2 });
  });

  it("asks for no total when the list does not want one", async () => {
    const { source, calls } = counting({ askTotal: false });
    await serve(source)();
    expect(calls).toEqual({ counts: 0, lists: 1, stats: 0 });
  });
});
