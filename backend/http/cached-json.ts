import { createHash } from "node:crypto";
import type { Context } from "hono";

type Kept = { text: string; etag: string };

const kept = new WeakMap<object, Kept>();

// Cached values are shared and never changed in place, so their JSON text is kept beside them; the strong
// ETag lets a client tell the same answer again without reading it.
export function cachedJson(c: Context, value: object): Response {
  let answer = kept.get(value);
  if (answer === undefined) {
    const text = JSON.stringify(value);
    answer = { text, etag: `"${createHash("sha256").update(text).digest("base64url")}"` };
    kept.set(value, answer);
  }
  return c.body(answer.text, 200, { "Content-Type": "application/json", ETag: answer.etag });
}
