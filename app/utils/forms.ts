import type { FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/** Fields that steer a form (which action, where to go next) rather than carry the record. */
const CONTROL_FIELDS = new Set(["intent", "redirectTo"]);

/**
 * Parses a form with its shared schema. The schemas are strict (the API refuses unknown fields), so
 * the steering fields are set aside first; the same call runs in the browser and on the server.
 */
export function parseForm<Schema extends z.ZodTypeAny>(formData: FormData, schema: Schema) {
  const fields = new FormData();
  for (const [name, value] of formData) {
    if (!CONTROL_FIELDS.has(name)) fields.append(name, value);
  }
  return parseWithZod(fields, { schema });
}

/** Props for FormInput from a conform field: uncontrolled, so a JS-off answer keeps what was typed. */
export function fieldProps<Value>(field: FieldMetadata<Value>) {
  return {
    id: field.id,
    name: field.name,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
    errors: field.errors,
    errorId: field.errorId,
    "aria-required": field.required || undefined,
  };
}
