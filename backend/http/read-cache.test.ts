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

  it("shares a load under way among the callers that ask meanwhile", async () => {
    const cache = createReadCache<number>(60_000);
    let loads = 0;
    let release: (value: number) => void = () => {};
    const load = () => (loads++, new Promise<number>((resolve) => (release = resolve)));
    const answers = Promise.all([cache.get("a", load), cache.get("a", load), cache.get("a", load)]);
    release(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(loads).toBe(1);
  });

  it("does not share a load that began before a change with callers after it", async () => {
    const cache = createReadCache<string>(60_000);
    let release: (value: string) => void = () => {};
    const before = cache.get("k", () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    const after = cache.get("k", async () => "after the change");
    release("before the change");
    expect(await before).toBe("before the change");
    expect(await after).toBe("after the change");
    expect(await cache.get("k", async () => "not asked")).toBe("after the change");
  });

  it("forgets a failed load, so the next caller tries again", async () => {
    const cache = createReadCache<number>(60_000);
    await expect(cache.get("a", async () => Promise.reject(new Error("database away")))).rejects.toThrow(
      "database away",
    );
    expect(await cache.get("a", async () => 2)).toBe(2);
  });

  it("is bypassed while it cannot hear of changes, and used again once it can", async () => {
    let listening = false;
    const cache = createReadCache<number>(60_000, { trusted: () => listening });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    expect(await cache.get("a", load)).toBe(2);
    listening = true;
    expect(await cache.get("a", load)).toBe(3);
    expect(await cache.get("a", load)).toBe(3);
  });
});
