import type { z } from "zod";

/**
 * The backend answers a read from its read cache with the same JSON text until a write or its expiry
 * (decision 006), marked with a strong `ETag` that hashes that text, and a list page asks for three or four
 * such answers per request. Parsing the text and checking it against the answer's schema gives the same
 * value every time, so it is done once per ETag and schema, and the value is frozen: every request that
 * reads it shares it, so none may change it. Answers without an ETag are parsed and checked every time.
 */

type Checked = { success: true; data: unknown };

/**
 * Values are kept for at most this many characters of answer text (they take a few times as much memory):
 * a page's three or four answers, for a few hundred different pages. The least recently read go first, and
 * an answer longer than an eighth of it is not kept at all.
 */
const MAX_KEPT_TEXT = 4 * 1024 * 1024;

type Kept = { value: object; size: number };

const keptByTag = new Map<string, Kept>();
let keptText = 0;
/** Per kept value (and only those), its checked value per schema. */
const checkedByValue = new WeakMap<object, WeakMap<z.ZodTypeAny, Checked>>();

/** The body of a successful read, parsed: the value kept for its ETag when there is one. */
export async function readAnswer(response: Response, { inProcess }: { inProcess: boolean }): Promise<unknown> {
  const etag = response.ok ? strongTag(response.headers.get("etag")) : null;
  const known = etag === null ? undefined : keptByTag.get(etag);
  if (etag !== null && known !== undefined) {
    keptByTag.delete(etag);
    keptByTag.set(etag, known);
    // In process an unread body is only garbage; over HTTP it is read so the connection can be reused.
    if (!inProcess) await response.arrayBuffer();
    return known.value;
  }
  const text = await response.text();
  const value = parseJsonText(text);
  if (etag !== null && typeof value === "object" && value !== null && text.length <= MAX_KEPT_TEXT / 8) {
    keep(etag, { value: deepFreeze(value), size: text.length });
  }
  return value;
}

function keep(etag: string, kept: Kept) {
  // Requests that missed at the same time each keep their value; the last one counts, once.
  const earlier = keptByTag.get(etag);
  if (earlier) keptText -= earlier.size;
  keptByTag.delete(etag);
  keptByTag.set(etag, kept);
  checkedByValue.set(kept.value, new WeakMap());
  keptText += kept.size;
  for (const [oldest, { size }] of keptByTag) {
    if (keptText <= MAX_KEPT_TEXT) break;
    keptByTag.delete(oldest);
    keptText -= size;
  }
}

/** `JSON.parse`, with an empty text read as null and a text that is not JSON (a proxy's page) as itself. */
export function parseJsonText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * `schema.safeParse(body)`, answered from the last success for the same kept value and schema. Only values
 * kept by `readAnswer` can come back; any other body is checked every time.
 */
export function checkAnswer<Schema extends z.ZodTypeAny>(
  schema: Schema,
  body: unknown,
): z.SafeParseReturnType<unknown, z.infer<Schema>> {
  const bySchema = typeof body === "object" && body !== null ? checkedByValue.get(body) : undefined;
  if (!bySchema) return schema.safeParse(body);
  const known = bySchema.get(schema);
  if (known) return known as z.SafeParseSuccess<z.infer<Schema>>;
  const checked = schema.safeParse(body);
  if (!checked.success) return checked;
  const frozen: Checked = { success: true, data: deepFreeze(checked.data) };
  bySchema.set(schema, frozen);
  return frozen as z.SafeParseSuccess<z.infer<Schema>>;
}

/** A strong ETag as sent (`W/` ones only promise an equivalent answer, not the same text). */
function strongTag(etag: string | null): string | null {
  return etag !== null && etag.startsWith('"') ? etag : null;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
