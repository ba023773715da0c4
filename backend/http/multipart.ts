import type { Context } from "hono";
import type { ZodTypeAny, z } from "zod";
import type { Upload } from "../services/files";
import { httpError } from "./errors";
import { describeIssues, unsafeInputError, readJsonBody } from "./validation";

export const NOT_MULTIPART = "Expected a multipart/form-data body";

// `requiredFiles` join a refusal of the text fields, so a form learns of a missing file together with its
// other mistakes; the service still checks the files.
export async function readMultipart<Schema extends ZodTypeAny>(
  c: Context,
  schema: Schema,
  { requiredFiles = {} }: { requiredFiles?: Record<string, string> } = {},
): Promise<{ value: z.output<Schema>; files: Record<string, Upload> }> {
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) throw httpError(400, NOT_MULTIPART);
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw httpError(400, "Malformed multipart body");
  }
  // Without a prototype, a field named `constructor` or `__proto__` is a field like any other: it is seen
  // (and refused) instead of vanishing into Object.prototype.
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
  const refused = unsafeInputError(fields);
  if (refused) throw refused;
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const { fieldErrors, messages } = describeIssues(parsed.error);
    for (const [field, message] of Object.entries(requiredFiles)) {
      if (field in files) continue;
      fieldErrors[field] = [message];
      messages.push(`${field}: ${message}`);
    }
    throw httpError(400, messages, fieldErrors);
  }
  return { value: parsed.data, files };
}

export async function readJsonOrMultipart<Schema extends ZodTypeAny>(
  c: Context,
  schema: Schema,
): Promise<{ value: z.output<Schema>; files: Record<string, Upload> }> {
  if (/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) return readMultipart(c, schema);
  return { value: await readJsonBody(c, schema), files: Object.create(null) };
}
