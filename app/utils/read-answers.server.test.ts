import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { checkAnswer, parseJsonText, readAnswer } from "./read-answers.server";

const ListSchema = z.object({
  items: z.array(z.object({ id: z.string(), total: z.number() })),
  total: z.number(),
});

let tags = 0;
function answer(value: unknown, { etag = `"tag-${++tags}"`, status = 200 } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (etag) headers.ETag = etag;
  return new Response(typeof value === "string" ? value : JSON.stringify(value), { status, headers });
}

const inProcess = { inProcess: true };

describe("readAnswer", () => {
  it("parses an answer once per ETag and hands the same frozen value back, without reading the body again", async () => {
    const etag = '"same-answer"';
    const first = await readAnswer(answer({ items: [{ id: "a", total: 1 }], total: 1 }, { etag }), inProcess);
    const again = answer({ items: [{ id: "a", total: 1 }], total: 1 }, { etag });
    expect(await readAnswer(again, inProcess)).toBe(first);
    expect(again.bodyUsed).toBe(false);
    expect(first).toEqual({ items: [{ id: "a", total: 1 }], total: 1 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first as { items: object[] }).items[0])).toBe(true);
  });

  it("reads the body of an answer it knows when it came over HTTP, so the connection is freed", async () => {
    const etag = '"over-http"';
    const first = await readAnswer(answer({ total: 5 }, { etag }), { inProcess: false });
    const again = answer({ total: 5 }, { etag });
    expect(await readAnswer(again, { inProcess: false })).toBe(first);
    expect(again.bodyUsed).toBe(true);
  });

  it("answers another ETag with its own value", async () => {
    expect(await readAnswer(answer({ total: 1 }), inProcess)).toEqual({ total: 1 });
    expect(await readAnswer(answer({ total: 2 }), inProcess)).toEqual({ total: 2 });
  });

  it("parses every time, and leaves unfrozen, an answer without a strong ETag or that failed", async () => {
    for (const response of [
      () => answer({ total: 3 }, { etag: "" }),
      () => answer({ total: 3 }, { etag: 'W/"weak"' }),
      () => answer({ message: "Not found" }, { etag: '"refusal"', status: 404 }),
    ]) {
      const first = await readAnswer(response(), inProcess);
      const again = await readAnswer(response(), inProcess);
      expect(again).toEqual(first);
      expect(again).not.toBe(first);
      expect(Object.isFrozen(first)).toBe(false);
    }
  });

  it("keeps values for a bounded amount of answer text, dropping the least recently read first", async () => {
    const big = (index: number) => ({ index, note: "x".repeat(500_000) });
    const read = (index: number) => readAnswer(answer(big(index), { etag: `"big-${index}"` }), inProcess);
    const first = await read(1);
    const second = await read(2);
    for (let index = 3; index <= 8; index += 1) await read(index);
    expect(await read(1)).toBe(first);
    await read(9);
    expect(await read(1)).toBe(first);
    expect(await read(2)).not.toBe(second);
  });

  it("counts an answer kept twice by requests that missed it at the same time once", async () => {
    const big = (index: number) => ({ index, note: "z".repeat(500_000) });
    const read = (index: number) => readAnswer(answer(big(index), { etag: `"race-${index}"` }), inProcess);
    // Ten requests miss the same answer together, as at 10 connections right after the cache let it go.
    await Promise.all(Array.from({ length: 10 }, () => read(1)));
    const kept = await read(1);
    for (let index = 2; index <= 7; index += 1) await read(index);
    // Counted ten times over, the first answer would have pushed the others out, then itself.
    expect(await read(1)).toBe(kept);
    const second = await read(2);
    expect(await read(2)).toBe(second);
  });

  it("does not keep an answer longer than an eighth of that bound", async () => {
    const text = { note: "y".repeat(600_000) };
    const first = await readAnswer(answer(text, { etag: '"too-long"' }), inProcess);
    expect(await readAnswer(answer(text, { etag: '"too-long"' }), inProcess)).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
  });

  it("reads an empty body as null and one that is not JSON as its text", async () => {
    expect(await readAnswer(answer("", { etag: '"empty"' }), inProcess)).toBeNull();
    expect(await readAnswer(answer("Bad gateway", { etag: '"text"' }), inProcess)).toBe("Bad gateway");
    expect(parseJsonText("42")).toBe(42);
  });
});

describe("checkAnswer", () => {
  it("checks a kept value once per schema and hands back the same frozen data", async () => {
    const body = await readAnswer(answer({ items: [{ id: "b", total: 2 }], total: 1, extra: true }), inProcess);
    const parse = vi.spyOn(ListSchema, "safeParse");
    const first = checkAnswer(ListSchema, body);
    const again = checkAnswer(ListSchema, body);
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    if (!first.success || !again.success) throw new Error("expected two successes");
    expect(first.data).toEqual({ items: [{ id: "b", total: 2 }], total: 1 });
    expect(again.data).toBe(first.data);
    expect(() => {
      (first.data.items as { id: string; total: number }[]).push({ id: "c", total: 3 });
    }).toThrow(TypeError);
    expect(() => {
      (first.data as { total: number }).total = 9;
    }).toThrow(TypeError);
  });

  it("checks the same value against another schema on its own", async () => {
    const body = await readAnswer(answer({ items: [], total: 3 }), inProcess);
    const TotalSchema = z.object({ total: z.number() });
    const list = checkAnswer(ListSchema, body);
    const total = checkAnswer(TotalSchema, body);
    expect(list.success && list.data).toEqual({ items: [], total: 3 });
    expect(total.success && total.data).toEqual({ total: 3 });
  });

  it("does not keep a failure: the same value is checked again and fails again", async () => {
    const body = await readAnswer(answer({ items: "none", total: 1 }), inProcess);
    const parse = vi.spyOn(ListSchema, "safeParse");
    expect(checkAnswer(ListSchema, body).success).toBe(false);
    expect(checkAnswer(ListSchema, body).success).toBe(false);
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
  });

  it("checks a value it did not keep every time and leaves it unfrozen", () => {
    const body = { items: [{ id: "d", total: 4 }], total: 1 };
    const parse = vi.spyOn(ListSchema, "safeParse");
    const first = checkAnswer(ListSchema, body);
    checkAnswer(ListSchema, body);
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
    expect(Object.isFrozen(body)).toBe(false);
    expect(first.success && Object.isFrozen(first.data)).toBe(false);
  });
});
