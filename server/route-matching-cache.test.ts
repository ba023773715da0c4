import { createRequire } from "node:module";
import { readConfig } from "@remix-run/dev/dist/config.js";
import type { AgnosticRouteObject } from "@remix-run/router";
import { matchRoutes } from "@remix-run/router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cacheRouteMatching, cachedMatchRoutes, type MatchRoutes } from "./route-matching-cache";

type Route = AgnosticRouteObject;
type Manifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean }>;

let manifest: Manifest;
beforeAll(async () => {
  manifest = (await readConfig(process.cwd())).routes;
});

/** The app's route tree as Remix builds it: a new copy each time, as Remix does per request. */
function appRoutes(parentId?: string): Route[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = appRoutes(route.id);
      return route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, children };
    });
}

/** A concrete URL for every route of the app, and paths no route or only a splat takes. */
function samplePaths(): string[] {
  const pathOf = (id: string | undefined): string => {
    if (!id) return "";
    const route = manifest[id];
    const own = (route.path ?? "").replace(/:[\w-]+\??/g, "x1-Y2").replace(/\*$/, "some/where");
    return [pathOf(route.parentId), own].filter(Boolean).join("/");
  };
  const app = Object.keys(manifest).map((id) => `/${pathOf(id)}`);
  return [
    ...app,
    "/",
    "",
    "/sales/all/",
    "/SALES/ALL",
    "/sales/all?tab=closed#top",
    "/customers/all/%20x",
    "/no/such/page",
    "/sales/all/new/d-1/items/p-1/parameters",
  ];
}

/** What callers read of a match answer. */
const plain = (matches: ReturnType<MatchRoutes>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({
    id: route.id,
    params,
    pathname,
    pathnameBase,
  })) ?? null;

function routesIn(routes: Route[]): Set<Route> {
  const all = new Set<Route>();
  const visit = (level: Route[]) => {
    for (const route of level) {
      all.add(route);
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  return all;
}

describe("cachedMatchRoutes", () => {
  it("answers every path of the app as React Router does, with the route objects of the tree it is given", () => {
    const cached = cachedMatchRoutes(matchRoutes);
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(100);
    // Twice over a fresh copy each round: the first round fills the cache, the second answers from it.
    for (let round = 0; round < 2; round += 1) {
      const routes = appRoutes();
      const own = routesIn(routes);
      for (const path of paths) {
        const answer = cached(routes, path);
        expect(plain(answer), `${path} (round ${round + 1})`).toEqual(plain(matchRoutes(routes, path)));
        for (const match of answer ?? []) expect(own.has(match.route)).toBe(true);
      }
    }
  });

  it("asks React Router once per tree shape and path", () => {
    const original = vi.fn(matchRoutes);
    const cached = cachedMatchRoutes(original);
    cached(appRoutes(), "/sales/all");
    cached(appRoutes(), "/sales/all");
    cached(appRoutes(), { pathname: "/sales/all" });
    cached(appRoutes(), "/sales/all?page=2");
    expect(original).toHaveBeenCalledTimes(1);
    cached(appRoutes(), "/sales/closed");
    cached(appRoutes(), "/sales/all", "/base");
    expect(original).toHaveBeenCalledTimes(3);
  });

  it("sees a route added to a tree in place", () => {
    const cached = cachedMatchRoutes(matchRoutes);
    const routes: Route[] = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }];
    expect(cached(routes, "/b")).toBeNull();
    routes[0].children!.push({ id: "b", path: "b" });
    expect(cached(routes, "/b")?.map((match) => match.route.id)).toEqual(["root", "b"]);
  });

  it("tells trees with the same ids but other paths apart", () => {
    const cached = cachedMatchRoutes(matchRoutes);
    expect(cached([{ id: "r", path: "/a" }], "/a")).not.toBeNull();
    expect(cached([{ id: "r", path: "/b" }], "/a")).toBeNull();
    expect(cached([{ id: "r", path: "/a", caseSensitive: true }], "/A")).toBeNull();
  });

  it("gives each answer params of its own, shared by its matches as React Router's are", () => {
    const cached = cachedMatchRoutes(matchRoutes);
    const first = cached(appRoutes(), "/sales/all/new/d-1/items/p-1/parameters")!;
    expect(first.at(-1)!.params).toEqual({ draftId: "d-1", productId: "p-1" });
    expect(new Set(first.map((match) => match.params)).size).toBe(1);
    Object.assign(first.at(-1)!.params, { draftId: "changed" });
    const second = cached(appRoutes(), "/sales/all/new/d-1/items/p-1/parameters")!;
    expect(second.at(-1)!.params).toEqual({ draftId: "d-1", productId: "p-1" });
  });

  it("keeps at most maxPaths answers per tree, forgetting the oldest", () => {
    const original = vi.fn(matchRoutes);
    const cached = cachedMatchRoutes(original, { maxPaths: 3 });
    const routes = appRoutes();
    for (const path of ["/customers/1", "/customers/2", "/customers/3", "/customers/4"]) cached(routes, path);
    cached(routes, "/customers/4");
    expect(original).toHaveBeenCalledTimes(4);
    cached(routes, "/customers/1");
    expect(original).toHaveBeenCalledTimes(5);
  });
});

describe("cacheRouteMatching", () => {
  it("replaces matchRoutes in the router module that Remix's server runtime and React Router load", () => {
    const here = createRequire(import.meta.url);
    const router = here("@remix-run/router") as { matchRoutes: MatchRoutes };
    const fromRuntime = createRequire(here.resolve("@remix-run/server-runtime"))("@remix-run/router");
    const fromReactRouter = createRequire(here.resolve("react-router"))("@remix-run/router");
    expect(fromRuntime).toBe(router);
    expect(fromReactRouter).toBe(router);
    const original = router.matchRoutes;
    try {
      cacheRouteMatching();
      expect(router.matchRoutes).not.toBe(original);
      expect(plain(router.matchRoutes(appRoutes(), "/sales/all"))).toEqual(
        plain(original(appRoutes(), "/sales/all")),
      );
    } finally {
      router.matchRoutes = original;
    }
  });
});
