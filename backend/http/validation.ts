import type { Context } from "hono";
import type { ZodError, ZodTypeAny, z } from "zod";
import { httpError } from "./errors";

export const MALFORMED_JSON = "Malformed JSON body";
export const BODY_TOO_LARGE = "Request body too large";

/** Zod issues as `{ field: [messages] }` plus the flat `field: message` list of the error body. */
export function describeIssues(error: ZodError) {
  const fieldErrors: Record<string, string[]> = {};
  const messages: string[] = [];
  const add = (field: string, message: string) => {
    (fieldErrors[field] ??= []).push(message);
    messages.push(`${field}: ${message}`);
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add([...issue.path, key].join("."), "Unknown field");
    } else if (issue.path.length > 0) {
      add(issue.path.join("."), issue.message);
    } else {
      messages.push(issue.message);
    }
  }
  return { fieldErrors, messages };
}

export function validationError(error: ZodError) {
  const { fieldErrors, messages } = describeIssues(error);
  return httpError(400, messages, fieldErrors);
}

function parseWith<Schema extends ZodTypeAny>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The JSON body checked against `schema`; an empty body counts as `{}` so missing fields are named. */
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
  }
  return parseWith(schema, value);
}

/** Query parameters checked against `schema`; empty values (`?status=` from a cleared filter) count as absent. */
export function readQuery<Schema extends ZodTypeAny>(c: Context, schema: Schema): z.output<Schema> {
  const present = Object.entries(c.req.query()).filter(([, value]) => value !== "");
  return parseWith(schema, Object.fromEntries(present));
}
