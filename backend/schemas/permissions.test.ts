import { ALL_PERMISSIONS, isGranted } from "./permissions";

describe("isGranted", () => {
  it("grants the exact permission", () => {
    expect(isGranted(["read:Users"], "read:Users")).toBe(true);
  });

  it("grants any action through manage on the same subject", () => {
    for (const action of ["read", "write", "delete", "manage"] as const) {
      expect(isGranted(["manage:Users"], `${action}:Users`)).toBe(true);
    }
  });

  it("grants an action on every subject through action:all", () => {
    expect(isGranted(["read:all"], "read:Roles")).toBe(true);
    expect(isGranted(["read:all"], "write:Roles")).toBe(false);
  });

  it("grants everything through manage:all", () => {
    expect(isGranted(["manage:all"], "delete:Users")).toBe(true);
  });

  it("refuses other actions and other subjects", () => {
    expect(isGranted(["read:Users"], "write:Users")).toBe(false);
    expect(isGranted(["manage:Sales"], "read:Users")).toBe(false);
    expect(isGranted(["write:all"], "read:Users")).toBe(false);
    expect(isGranted([], "read:Users")).toBe(false);
  });

  it("does not treat a subject as a prefix", () => {
    expect(isGranted(["manage:User"], "read:Users")).toBe(false);
  });
});

describe("ALL_PERMISSIONS", () => {
  it("is every action on every subject", () => {
    // Four actions on fifteen subjects (the eleven of the spec's areas, the Portfolio, Collections,
    // customer Messages and Settings).
    expect(ALL_PERMISSIONS).toHaveLength(60);
    expect(new Set(ALL_PERMISSIONS.map((p) => `${p.action}:${p.subject}`)).size).toBe(60);
  });
});

describe("the permissions module", () => {
  it("imports nothing, so the frame that every page loads in the browser does not bring zod along", async () => {
    const { readFile } = await import("node:fs/promises");
    const source = await readFile(new URL("./permissions.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^\s*import\s/m);
  });
});
