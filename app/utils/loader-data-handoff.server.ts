import type { EntryContext } from "@remix-run/node";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/**
 * Remix writes the loader data into the page as a stream: its `StreamTransfer` reads one chunk, suspends,
 * renders that chunk's script, and reads the next. Reading the whole stream before rendering, into the
 * `renderMeta.streamCache` that `StreamTransfer` consults first, lets the document render in one
 * synchronous pass (decision 025).
 *
 * `EntryContext` types the cache, but how `StreamTransfer` uses it is Remix 2's internal business. If that
 * changes, `StreamTransfer` suspends again and the synchronous render refuses the half-rendered page loudly
 * instead of sending it.
 */
export async function readLoaderDataHandoff(context: EntryContext): Promise<void> {
  const { serverHandoffStream, renderMeta } = context;
  if (!serverHandoffStream || !renderMeta) return;
  const reader = serverHandoffStream.getReader();
  const decoder = new TextDecoder();
  const streamCache: StreamCache = {};
  for (let index = 0; ; index++) {
    const { done, value } = await reader.read();
    const result = { done, value: decoder.decode(value, { stream: !done }) };
    streamCache[index] = Object.assign(Promise.resolve(), { result });
    if (done) break;
  }
  // RemixServer takes its own reader during the render; it finds the stream closed and everything cached.
  reader.releaseLock();
  renderMeta.streamCache = streamCache;
}
