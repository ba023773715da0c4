import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { cachedJson } from "./cached-json";

describe("cachedJson", () => {
  it("answers as c.json does: status, content type and the same text", async () => {
    const value = { items: [{ id: "a", name: "Lantern ₦" }], total: 1 };
    const app = new Hono()
      .get("/cached", (c) => cachedJson(c, value))
      .get("/plain", (c) => c.json(value, 200));
    const cached = await app.request("/cached");
    const plain = await app.request("/plain");
    expect(cached.status).toBe(200);
    expect(cached.headers.get("content-type")).toBe(plain.headers.get("content-type"));
    expect(await cached.text()).toBe(await plain.text());
  });

  it("writes one object's text once, and another object's afresh", async () => {
    const first = { total: 1 };
    const second = { total: 2 };
    let next: object = first;
    const app = new Hono().get("/", (c) => cachedJson(c, next));
    expect(await (await app.request("/")).json()).toEqual({ total: 1 });
    // Changing a cached value in place is what the read cache forbids; here it shows the text was kept.
    first.total = 99;
    expect(await (await app.request("/")).json()).toEqual({ total: 1 });
    next = second;
    expect(await (await app.request("/")).json()).toEqual({ total: 2 });
  });

  it("marks the answer with a strong ETag that follows its text", async () => {
    const first = { total: 1 };
    const sameText = { total: 1 };
    const other = { total: 2 };
    let next: object = first;
    const app = new Hono().get("/", (c) => cachedJson(c, next));
    const tag = async () => (await app.request("/")).headers.get("etag");
    const firstTag = await tag();
    expect(firstTag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(await tag()).toBe(firstTag);
    next = sameText;
    expect(await tag()).toBe(firstTag);
    next = other;
    expect(await tag()).not.toBe(firstTag);
  });
});
