import { createRequire } from "node:module";
import type { AgnosticRouteMatch, AgnosticRouteObject } from "@remix-run/router";

type Route = AgnosticRouteObject;
type Location = string | { pathname?: string };
type Match = AgnosticRouteMatch<string, Route>;
export type MatchRoutes = (routes: Route[], location: Location, basename?: string) => Match[] | null;

/** What a match answer looks like without its route objects, so it fits any copy of the same route tree. */
type RememberedMatch = {
  /** The route's index among its parent's children (or among the top routes). */
  index: number;
  params: Match["params"];
  pathname: string;
  pathnameBase: string;
};
type Remembered = { matches: RememberedMatch[]; sharedParams: boolean } | null;

type Shape = { key: string; size: number };

/**
 * React Router's `matchRoutes` flattens and ranks the whole route tree, then compiles a regular
 * expression per path segment, on every call: about 1 ms for this app's 110 routes, and Remix calls it
 * four or five times per page request (on trees it rebuilds per request, too). This wrapper remembers each
 * answer by the tree's shape and the path, and hands it back bound to the routes it is given, so a copy of
 * the same tree gets its own route objects. See decision 023.
 */
export function cachedMatchRoutes(matchRoutes: MatchRoutes, { maxPaths = 1_000 } = {}): MatchRoutes {
  const shapes = new WeakMap<Route[], Shape>();
  const answersByShape = new Map<string, Map<string, Remembered>>();

  function shapeOf(routes: Route[]): Shape {
    const known = shapes.get(routes);
    // A tree may grow in place (routes discovered later are pushed into it): then its shape is new.
    if (known && known.size === countRoutes(routes)) return known;
    const shape = describe(routes);
    shapes.set(routes, shape);
    return shape;
  }

  function answersFor(shape: Shape) {
    let answers = answersByShape.get(shape.key);
    if (!answers) {
      if (answersByShape.size >= 20) answersByShape.clear();
      answers = new Map();
      answersByShape.set(shape.key, answers);
    }
    return answers;
  }

  return (routes, location, basename) => {
    const pathname = typeof location === "string" ? location.split(/[?#]/, 1)[0] : location.pathname;
    if (pathname === undefined) return matchRoutes(routes, location, basename);
    const answers = answersFor(shapeOf(routes));
    const key = `${basename ?? ""}\u0000${pathname}`;
    let remembered = answers.get(key);
    if (remembered === undefined) {
      const matches = matchRoutes(routes, location, basename);
      remembered = remember(routes, matches);
      // A route that could not be placed in the tree is answered as it came, without remembering it.
      if (remembered === undefined) return matches;
      const oldest = answers.keys().next();
      if (answers.size >= maxPaths && !oldest.done) answers.delete(oldest.value);
      answers.set(key, remembered);
    }
    return remembered === null ? null : bind(routes, remembered);
  };
}

function countRoutes(routes: Route[]): number {
  let count = routes.length;
  for (const route of routes) if (route.children) count += countRoutes(route.children);
  return count;
}

/** Everything about a tree that matching reads (ids, paths, index and case flags, nesting), and its size. */
function describe(routes: Route[]): Shape {
  let key = "";
  let size = routes.length;
  for (const route of routes) {
    key += `(${route.id ?? ""}\u0000${route.path ?? ""}\u0000${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`;
    if (route.children?.length) {
      const children = describe(route.children);
      key += children.key;
      size += children.size;
    }
    key += ")";
  }
  return { key, size };
}

function remember(routes: Route[], matches: Match[] | null): Remembered | undefined {
  if (matches === null) return null;
  let siblings: Route[] | undefined = routes;
  const remembered: RememberedMatch[] = [];
  for (const match of matches) {
    const index = siblings?.indexOf(match.route) ?? -1;
    if (index < 0) return undefined;
    remembered.push({
      index,
      params: { ...match.params },
      pathname: match.pathname,
      pathnameBase: match.pathnameBase,
    });
    siblings = match.route.children;
  }
  const sharedParams = matches.every((match) => match.params === matches[0].params);
  return { matches: remembered, sharedParams };
}

function bind(routes: Route[], { matches, sharedParams }: NonNullable<Remembered>): Match[] {
  const params = sharedParams && matches.length > 0 ? { ...matches[matches.length - 1].params } : null;
  let siblings = routes;
  return matches.map((match) => {
    const route = siblings[match.index];
    siblings = route.children ?? [];
    return {
      params: params ?? { ...match.params },
      pathname: match.pathname,
      pathnameBase: match.pathnameBase,
      route,
    };
  });
}

/**
 * Puts the cache in front of `matchRoutes` for everything that calls it through the router package's
 * exports: Remix's server request handler and route discovery, and React Router's rendering. The router's
 * own static handler calls its internal copy and stays uncached.
 */
export function cacheRouteMatching(): void {
  const require = createRequire(import.meta.url);
  const router = require("@remix-run/router") as { matchRoutes: MatchRoutes };
  router.matchRoutes = cachedMatchRoutes(router.matchRoutes);
}
