import type { ZodError } from "zod";

// A Map: a field called `constructor` or `__proto__` must be a key like any other.
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

  toObject(): Record<string, string[]> {
    return Object.fromEntries(this.byField);
  }
}

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
