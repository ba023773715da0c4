import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { readLoaderDataHandoff } from "./loader-data-handoff.server";

function contextWith(chunks: Uint8Array[]) {
  const serverHandoffStream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return { serverHandoffStream, renderMeta: {} } as Pick<EntryContext, "serverHandoffStream" | "renderMeta">;
}

describe("readLoaderDataHandoff", () => {
  it("caches every chunk of the loader data, in order, then the end, as StreamTransfer reads them", async () => {
    const encoder = new TextEncoder();
    const naira = encoder.encode("₦");
    // A character split across two chunks is decoded whole, in the chunk where it ends.
    const context = contextWith([encoder.encode('[{"a":1}'), naira.slice(0, 1), naira.slice(1)]);
    await readLoaderDataHandoff(context as EntryContext);

    const cache = context.renderMeta?.streamCache ?? {};
    expect(Object.keys(cache)).toEqual(["0", "1", "2", "3"]);
    expect(Object.values(cache).map((entry) => entry.result)).toEqual([
      { done: false, value: '[{"a":1}' },
      { done: false, value: "" },
      { done: false, value: "₦" },
      { done: true, value: "" },
    ]);
    await expect(cache[0]).resolves.toBeUndefined();
  });

  it("leaves the stream for RemixServer's own reader, which finds it finished", async () => {
    const context = contextWith([new TextEncoder().encode("x")]);
    await readLoaderDataHandoff(context as EntryContext);
    const next = await context.serverHandoffStream?.getReader().read();
    expect(next?.done).toBe(true);
  });

  it("does nothing when Remix sent no stream", async () => {
    const context = { renderMeta: {} } as EntryContext;
    await readLoaderDataHandoff(context);
    expect(context.renderMeta?.streamCache).toBeUndefined();
  });
});
