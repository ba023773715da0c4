import type { Context } from "hono";
import type { ZodTypeAny, z } from "zod";
import type { Upload } from "../services/files";
import { httpError } from "./errors";
import { nulCharacterError, validationError } from "./validation";

export const NOT_MULTIPART = "Expected a multipart/form-data body";

/**
 * A multipart form (uploads): its text fields checked against `schema`, its files as bytes with the
 * uploader's file name. An empty file input (no file chosen) counts as absent. Field names repeated
 * (`inventoryClasses`) come as lists.
 */
export async function readMultipart<Schema extends ZodTypeAny>(
  c: Context,
  schema: Schema,
): Promise<{ value: z.output<Schema>; files: Record<string, Upload> }> {
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) throw httpError(400, NOT_MULTIPART);
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw httpError(400, "Malformed multipart body");
  }
  // Without a prototype, a field named `__proto__` or `constructor` is a key like any other (and so
  // refused by a strict schema), never the object's machinery.
  const fields: Record<string, string | string[]> = Object.create(null);
  const files: Record<string, Upload> = Object.create(null);
  for (const [name, entry] of Object.entries(body)) {
    const values = Array.isArray(entry) ? entry : [entry];
    const texts = values.filter((value): value is string => typeof value === "string");
    const chosen = values.filter((value): value is File => typeof value !== "string" && value.size > 0);
    if (chosen[0])
      files[name] = { name: chosen[0].name, bytes: new Uint8Array(await chosen[0].arrayBuffer()) };
    // An empty text value is a field left blank: absent, so the schema's "required" message applies.
    const filled = texts.filter((value) => value !== "");
    if (filled.length > 0 && !(name in files)) fields[name] = filled.length === 1 ? filled[0] : filled;
  }
  const refused = nulCharacterError(fields);
  if (refused) throw refused;
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error);
  return { value: parsed.data, files };
}
