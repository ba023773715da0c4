import type { Context } from "hono";
import type { ZodError, ZodTypeAny, z } from "zod";
import { FieldErrors, describeIssues } from "../schemas/issues";
import { httpError } from "./errors";

export { describeIssues };

export const MALFORMED_JSON = "Malformed JSON body";
export const BODY_TOO_LARGE = "Request body too large";
/** PostgreSQL refuses U+0000 in text, so it is refused here, as the input problem it is. */
export const NUL_CHARACTER = "Contains a character that is not allowed";
export const TOO_DEEP = "The body is nested too deeply";

export function validationError(error: ZodError) {
  const { fieldErrors, messages } = describeIssues(error);
  return httpError(400, messages, fieldErrors);
}

export const RESERVED_NAME = "Not allowed as a field name";

// Unknown fields are dropped (decision 004), but names of an object's own machinery (`__proto__`,
// `constructor`, `toString`…) are refused: code that reads a field by name would reach them instead of data.
const isMachineryName = (key: string) => key === "prototype" || Object.hasOwn(Object.prototype, key);

/** NUL characters anywhere and machinery names as keys, each named by its field. */
export function unsafeInputError(value: unknown) {
  const fields = new FieldErrors();
  const visit = (node: unknown, path: string[]) => {
    if (typeof node === "string") {
      if (node.includes("\u0000")) fields.add(path.join(".") || "body", NUL_CHARACTER);
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, [...path, String(index)]));
    } else if (typeof node === "object" && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        if (key.includes("\u0000"))
          fields.add([...path, key.replaceAll("\u0000", "")].join("."), NUL_CHARACTER);
        else if (isMachineryName(key)) fields.add([...path, key].join("."), RESERVED_NAME);
        else visit(item, [...path, key]);
      }
    }
  };
  visit(value, []);
  return fields.size ? httpError(400, fields.messages, fields.toObject()) : null;
}

/** Deeper than any form the API takes; the checks that walk a body recursively stay well within the stack. */
export const MAX_JSON_DEPTH = 32;

/** Whether arrays and objects nest deeper than `limit`, found with a work list so no input can exhaust the stack. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, depth } = next;
    if (typeof node !== "object" || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) pending.push({ node: child, depth: depth + 1 });
  }
  return false;
}

function parseWith<Schema extends ZodTypeAny>(schema: Schema, value: unknown): z.output<Schema> {
  const refused = unsafeInputError(value);
  if (refused) throw refused;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** An empty body counts as `{}` so missing fields are named. */
export async function readJsonBody<Schema extends ZodTypeAny>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw httpError(400, MALFORMED_JSON);
    }
    if (nestsDeeperThan(value, MAX_JSON_DEPTH)) throw httpError(400, TOO_DEEP);
  }
  return parseWith(schema, value);
}

/** Empty values (`?status=` from a cleared filter) count as absent. */
export function readQuery<Schema extends ZodTypeAny>(c: Context, schema: Schema): z.output<Schema> {
  const present = Object.entries(c.req.query()).filter(([, value]) => value !== "");
  return parseWith(schema, Object.fromEntries(present));
}
