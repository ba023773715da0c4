import type { ZodError } from "zod";

/**
 * Zod issues as the error body's `fieldErrors` and `field: message` list. Pure, so services that check a
 * whole document (a sale draft) answer the same shape as the HTTP layer.
 */

/**
 * Field messages keyed by field name. A Map, not a plain object: a field called `constructor`,
 * `toString` or `__proto__` must be a key like any other, never the object's own machinery.
 */
export class FieldErrors {
  private readonly byField = new Map<string, string[]>();
  readonly messages: string[] = [];

  add(field: string, message: string) {
    const list = this.byField.get(field) ?? [];
    list.push(message);
    this.byField.set(field, list);
    this.messages.push(`${field}: ${message}`);
  }

  get size() {
    return this.byField.size;
  }

  /** Own properties only (Object.fromEntries defines them), safe to serialise and to read back. */
  toObject(): Record<string, string[]> {
    return Object.fromEntries(this.byField);
  }
}

/** Zod issues as `{ field: [messages] }` plus the flat `field: message` list of the error body. */
export function describeIssues(error: ZodError) {
  const fields = new FieldErrors();
  const formMessages: string[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields.add([...issue.path, key].join("."), "Unknown field");
    } else if (issue.path.length > 0) {
      fields.add(issue.path.join("."), issue.message);
    } else {
      formMessages.push(issue.message);
    }
  }
  return { fieldErrors: fields.toObject(), messages: [...fields.messages, ...formMessages] };
}
