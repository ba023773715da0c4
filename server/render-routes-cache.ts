import { createRequire } from "node:module";

type RouteTree = object[];
type RouteModules = Record<string, unknown>;
type CreateServerRoutes<Tree extends RouteTree> = (
  manifest: object,
  routeModules: RouteModules,
  future: unknown,
  isSpaMode: boolean,
  ...internal: unknown[]
) => Tree;
type ConvertRoutesToDataRoutes<Tree extends RouteTree> = (
  routes: Tree,
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, unknown>,
) => Tree;

type Built<Tree> = {
  routeModules: RouteModules;
  moduleCount: number;
  future: unknown;
  isSpaMode: boolean;
  routes: Tree;
};

/**
 * Remix's `RemixServer` builds the app's whole route tree for every document it renders (a component
 * route per manifest entry), and React Router then copies that tree into data routes, creating a React
 * element per route: about 110 routes, the same every time for one build. This remembers the tree per
 * build manifest and its conversion per tree, so a document render reuses them. See decision 028.
 */
export function rememberServerRoutes<Tree extends RouteTree>(
  create: CreateServerRoutes<Tree>,
): CreateServerRoutes<Tree> {
  const byManifest = new WeakMap<object, Built<Tree>>();
  return (manifest, routeModules, future, isSpaMode, ...internal) => {
    // Remix's own recursion calls its local function; anything else asking for a subtree is answered as-is.
    if (internal.length > 0) return create(manifest, routeModules, future, isSpaMode, ...internal);
    const built = byManifest.get(manifest);
    if (built && built.future === future && built.isSpaMode === isSpaMode) {
      if (sameModules(built, routeModules)) return built.routes;
    }
    const routes = create(manifest, routeModules, future, isSpaMode);
    byManifest.set(manifest, {
      routeModules: { ...routeModules },
      moduleCount: Object.keys(routeModules).length,
      future,
      isSpaMode,
      routes,
    });
    rememberedTrees.add(routes);
    return routes;
  };
}

/** Remix hands over a new object of the same modules per request; a rebuild (development) changes them. */
function sameModules(built: Built<unknown>, routeModules: RouteModules): boolean {
  let count = 0;
  for (const id in routeModules) {
    if (built.routeModules[id] !== routeModules[id]) return false;
    count += 1;
  }
  return count === built.moduleCount;
}

/** Only trees built above are converted once: no one else holds them, so no one can change them. */
const rememberedTrees = new WeakSet<RouteTree>();

export function rememberDataRoutes<Tree extends RouteTree>(
  convert: ConvertRoutesToDataRoutes<Tree>,
): ConvertRoutesToDataRoutes<Tree> {
  const converted = new WeakMap<
    Tree,
    { mapRouteProperties: unknown; dataRoutes: Tree; manifest: Record<string, unknown> }
  >();
  return (routes, mapRouteProperties, parentPath, manifest) => {
    if (parentPath !== undefined || !rememberedTrees.has(routes)) {
      return convert(routes, mapRouteProperties, parentPath, manifest);
    }
    let known = converted.get(routes);
    if (!known || known.mapRouteProperties !== mapRouteProperties) {
      const ownManifest: Record<string, unknown> = {};
      known = {
        mapRouteProperties,
        dataRoutes: convert(routes, mapRouteProperties, undefined, ownManifest),
        manifest: ownManifest,
      };
      converted.set(routes, known);
    }
    // The caller reads the routes by id from the manifest it passed in (React Router's static router).
    if (manifest) Object.assign(manifest, known.manifest);
    return known.dataRoutes;
  };
}

/**
 * Puts both in front of the CommonJS exports that `RemixServer` and React Router's `createStaticRouter`
 * call through at render time. The browser's bundle is untouched.
 */
export function cacheRenderRoutes(): void {
  const require = createRequire(import.meta.url);
  const remixRoutes = require("@remix-run/react/dist/routes.js") as {
    createServerRoutes: CreateServerRoutes<RouteTree>;
  };
  const router = require("@remix-run/router") as {
    UNSAFE_convertRoutesToDataRoutes: ConvertRoutesToDataRoutes<RouteTree>;
  };
  remixRoutes.createServerRoutes = rememberServerRoutes(remixRoutes.createServerRoutes);
  router.UNSAFE_convertRoutesToDataRoutes = rememberDataRoutes(router.UNSAFE_convertRoutesToDataRoutes);
}
