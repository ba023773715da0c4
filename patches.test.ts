import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as Router from "@remix-run/router";

// Decision 034: the install patches @remix-run/router so each route pattern is compiled once. The patch is
// made for one version; a router upgrade must come with a new patch (the install itself refuses too).
// The CommonJS build is the one Remix's server runtime loads, so that is the one checked.
const require = createRequire(import.meta.url);
const routerEntry = require.resolve("@remix-run/router");
const routerPackage = JSON.parse(
  fs.readFileSync(path.join(path.dirname(routerEntry), "..", "package.json"), "utf8"),
) as { version: string };
const router = require("@remix-run/router") as typeof Router;

describe("the route-pattern patch of @remix-run/router", () => {
  it("is made for the installed version and is applied", () => {
    expect(fs.readdirSync("patches")).toContain(`@remix-run+router+${routerPackage.version}.patch`);
    expect(fs.readFileSync(routerEntry, "utf8")).toContain("compilePathUncached");
  });

  it("matches as the router does: parameters, splats, case and partial matches", () => {
    expect(router.matchPath("/sales/:saleId", "/sales/abc")?.params).toEqual({ saleId: "abc" });
    expect(router.matchPath("/sales/:saleId", "/sales/def")?.params).toEqual({ saleId: "def" });
    expect(router.matchPath("/files/*", "/files/a/b")?.params).toEqual({ "*": "a/b" });
    expect(router.matchPath("/Sales", "/sales")).not.toBeNull();
    expect(router.matchPath({ path: "/Sales", caseSensitive: true }, "/sales")).toBeNull();
    expect(router.matchPath({ path: "/sales", end: false }, "/sales/all")?.pathnameBase).toBe("/sales");
    expect(router.matchPath({ path: "/sales", end: true }, "/sales/all")).toBeNull();
    const routes = [{ id: "a", path: "/sales", children: [{ id: "b", path: ":saleId" }] }];
    for (const id of ["one", "two"]) {
      expect(router.matchRoutes(routes, `/sales/${id}`)?.map((match) => match.params.saleId)).toEqual([
        id,
        id,
      ]);
    }
  });
});
