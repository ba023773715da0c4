import { createReadCache } from "./read-cache";

describe("createReadCache", () => {
  it("answers from memory until the time is up", async () => {
    let clock = 0;
    const cache = createReadCache<number>(1000, { now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    expect(await cache.get("a", load)).toBe(1);
    clock = 1001;
    expect(await cache.get("a", load)).toBe(2);
  });

  it("forgets everything on clear, including a load that was under way", async () => {
    const cache = createReadCache<string>(60_000);
    let release: (value: string) => void = () => {};
    const slow = cache.get("k", () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release("stale");
    expect(await slow).toBe("stale");
    expect(await cache.get("k", async () => "fresh")).toBe("fresh");
  });

  it("does not keep values the caller rejects", async () => {
    const cache = createReadCache<string | null>(60_000, { keep: (value) => value !== null });
    let loads = 0;
    await cache.get("x", async () => (loads++, null));
    await cache.get("x", async () => (loads++, null));
    expect(loads).toBe(2);
  });

  it("is off with a zero time", async () => {
    const cache = createReadCache<number>(0);
    let loads = 0;
    await cache.get("a", async () => ++loads);
    await cache.get("a", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("stays bounded", async () => {
    const cache = createReadCache<number>(60_000, { maxEntries: 2 });
    let loads = 0;
    for (const key of ["a", "b", "c", "a"]) await cache.get(key, async () => ++loads);
    expect(loads).toBe(4);
  });
});
