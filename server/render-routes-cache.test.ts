import { createRequire } from "node:module";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cacheRenderRoutes, rememberDataRoutes, rememberServerRoutes } from "./render-routes-cache";

const here = createRequire(import.meta.url);
type Tree = Array<{ id: string; children?: Tree; element?: unknown }>;
const remixRoutes = here("@remix-run/react/dist/routes.js") as {
  createServerRoutes: (manifest: object, modules: object, future: unknown, spa: boolean) => Tree;
};
const router = here("@remix-run/router") as {
  UNSAFE_convertRoutesToDataRoutes: (
    routes: Tree,
    map: unknown,
    parentPath?: string[],
    manifest?: Record<string, unknown>,
  ) => Tree;
};
const { UNSAFE_mapRouteProperties: mapRouteProperties } = here("react-router") as {
  UNSAFE_mapRouteProperties: unknown;
};
const { createServerRoutes } = remixRoutes;
const convert = router.UNSAFE_convertRoutesToDataRoutes;

let manifest: Record<string, { id: string }>;
let modules: Record<string, { default: () => null }>;
const future = {};
beforeAll(async () => {
  // The app's own route manifest, as Remix hands it to RemixServer.
  const routes = (await readConfig(process.cwd())).routes;
  manifest = Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [id, { ...route, hasLoader: true }]),
  );
  modules = Object.fromEntries(Object.keys(routes).map((id) => [id, { default: () => null }]));
});

const ids = (tree: Tree): string[] => tree.flatMap((route) => [route.id, ...ids(route.children ?? [])]);

describe("rememberServerRoutes", () => {
  it("builds the tree once per build, though each request hands over a new object of the same modules", () => {
    const create = vi.fn(createServerRoutes);
    const remembered = rememberServerRoutes(create);
    const first = remembered(manifest, { ...modules }, future, false);
    const second = remembered(manifest, { ...modules }, future, false);
    expect(second).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    expect(ids(first)).toEqual(ids(createServerRoutes(manifest, modules, future, false)));
    expect(ids(first).length).toBeGreaterThan(100);
  });

  it("builds again when a module, the manifest or the mode changes (a rebuild in development)", () => {
    const create = vi.fn(createServerRoutes);
    const remembered = rememberServerRoutes(create);
    const first = remembered(manifest, modules, future, false);
    const changed = { ...modules, root: { default: () => null } };
    expect(remembered(manifest, changed, future, false)).not.toBe(first);
    expect(remembered({ ...manifest }, changed, future, false)).not.toBe(first);
    const { root: _dropped, ...fewer } = modules;
    expect(() => remembered(manifest, fewer, future, false)).toThrow();
    expect(create).toHaveBeenCalledTimes(4);
  });
});

describe("rememberDataRoutes", () => {
  it("converts a remembered tree once and fills the manifest each caller passes", () => {
    const tree = rememberServerRoutes(createServerRoutes)(manifest, modules, future, false);
    const original = vi.fn(convert);
    const remembered = rememberDataRoutes(original);
    const firstManifest: Record<string, unknown> = {};
    const secondManifest: Record<string, unknown> = {};
    const first = remembered(tree, mapRouteProperties, undefined, firstManifest);
    const second = remembered(tree, mapRouteProperties, undefined, secondManifest);
    expect(second).toBe(first);
    expect(original).toHaveBeenCalledTimes(1);
    expect(Object.keys(secondManifest).sort()).toEqual(Object.keys(manifest).sort());
    expect(secondManifest).toEqual(firstManifest);
    expect(ids(first)).toEqual(ids(convert(tree, mapRouteProperties)));
    expect(first[0].element).toBeDefined();
  });

  it("leaves trees it did not build alone: someone else may still change them", () => {
    const original = vi.fn(convert);
    const remembered = rememberDataRoutes(original);
    const tree = createServerRoutes(manifest, modules, future, false);
    expect(remembered(tree, mapRouteProperties)).not.toBe(remembered(tree, mapRouteProperties));
    expect(original).toHaveBeenCalledTimes(2);
  });
});

describe("cacheRenderRoutes", () => {
  it("replaces the exports RemixServer and React Router's static router call at render time", () => {
    const remixServerRequire = createRequire(here.resolve("@remix-run/react/dist/server.js"));
    expect(remixServerRequire("./routes.js")).toBe(remixRoutes);
    expect(createRequire(here.resolve("react-router-dom/server"))("@remix-run/router")).toBe(router);
    try {
      cacheRenderRoutes();
      expect(remixRoutes.createServerRoutes).not.toBe(createServerRoutes);
      expect(router.UNSAFE_convertRoutesToDataRoutes).not.toBe(convert);
      const tree = remixRoutes.createServerRoutes(manifest, modules, future, false);
      expect(remixRoutes.createServerRoutes(manifest, { ...modules }, future, false)).toBe(tree);
    } finally {
      remixRoutes.createServerRoutes = createServerRoutes;
      router.UNSAFE_convertRoutesToDataRoutes = convert;
    }
  });
});
