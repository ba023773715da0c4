import { data } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { randomUUID } from "node:crypto";
import type { ToastData } from "~/components/toaster";
import type { ApiFailure } from "./error-catalogue";
import { MESSAGES, describeFailure, firstMessage } from "./error-catalogue";
import { isControlField } from "./form-values";

/** A body that is not a form (JSON, an empty PUT) reads as an empty one: a refused submission, not a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

// Names that reach an object's machinery; Conform ignores them silently.
const RESERVED_NAME = /(^|\.)(__proto__|constructor|prototype)(\.|$)/;
// PostgreSQL refuses U+0000 in text.
const NUL_CHARACTER = "Contains a character that is not allowed";

function tamperedFields(formData: FormData) {
  const problems: { path: string[]; message: string }[] = [];
  for (const [name, value] of formData) {
    // Said for the whole form: keyed by such a name, even Conform's error map would trip over it.
    if (RESERVED_NAME.test(name))
      problems.push({ path: [], message: `Not allowed as a field name: ${name}` });
    else if (typeof value === "string" && value.includes("\u0000"))
      problems.push({ path: [name], message: NUL_CHARACTER });
  }
  return problems;
}

export function parseForm<Schema extends z.ZodTypeAny>(formData: FormData, schema: Schema) {
  const fields = new FormData();
  for (const [name, value] of formData) {
    if (!isControlField(name)) fields.append(name, value);
  }
  const problems = tamperedFields(fields);
  if (problems.length === 0) return parseWithZod(fields, { schema });
  const refusal = z
    .any()
    .superRefine((_value, context) => {
      for (const { path, message } of problems) context.addIssue({ code: "custom", path, message });
    })
    .pipe(schema);
  return parseWithZod(fields, { schema: refusal });
}

export function errorToast(message: string): ToastData {
  return { type: "error", message, id: randomUUID() };
}

/** A 400 with the field errors and the values the user typed (passwords are never echoed). */
export function invalidSubmission<Value>(
  submission: Submission<Value>,
  options: {
    hideFields?: string[];
    toast?: ToastData;
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    status?: number;
    intent?: string;
  } = {},
) {
  const { toast, status = 400, intent, ...reply } = options;
  return data({ result: submission.reply(reply), toast: toast ?? null, intent: intent ?? null }, { status });
}

// The API names a nested field by its path (`inventories.0.quantity`), a form by its inputs' names
// (`inventories[0].quantity`); `rename` maps what is left to the form's own field.
export function formFieldErrors(
  fieldErrors: Record<string, string[]>,
  rename: (name: string) => string = (name) => name,
): Record<string, string[]> {
  const named: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const name = rename(path.replace(/\.(\d+)(?=\.|$)/g, "[$1]"));
    named[name] = [...(named[name] ?? []), ...messages];
  }
  return named;
}

export function rejectedSubmission<Value>(
  submission: Submission<Value>,
  failure: ApiFailure,
  options: {
    hideFields?: string[];
    toastFor?: (message: string | undefined, failure: ApiFailure) => string | undefined;
    fieldName?: (name: string) => string;
    intent?: string;
  } = {},
) {
  const description = describeFailure(failure);
  const fieldMessage = Object.values(failure.fieldErrors ?? {})[0]?.[0];
  const serverMessage =
    failure.status === 0 ? MESSAGES.offlineTitle : (fieldMessage ?? firstMessage(failure.message));
  // Spec 000 §8's 400 toast; when the form shows the reason under its field, the toast points there.
  const badRequest =
    description.toast && fieldMessage ? `${description.toast} ${SEE_THE_FIELD}` : description.toast;
  const toast =
    options.toastFor?.(serverMessage, failure) ?? badRequest ?? serverMessage ?? MESSAGES.genericMessage;
  const fieldErrors = formFieldErrors(failure.fieldErrors ?? {}, options.fieldName);
  return invalidSubmission(submission, {
    hideFields: options.hideFields,
    fieldErrors,
    formErrors: Object.keys(fieldErrors).length ? [] : description.lines,
    toast: errorToast(toast),
    status: failure.status === 0 ? 503 : failure.status,
    intent: options.intent,
  });
}

export const SEE_THE_FIELD = "The reason is shown under the field.";

export function creationFailedToast(fallback: string) {
  return (message: string | undefined, failure: ApiFailure) =>
    failure.status === 400 ? undefined : failure.status < 500 && message ? message : fallback;
}

/** A parsed form as the API's multipart body: a list as one comma-separated value, a file with its name. */
export function multipartBody(value: Record<string, unknown>): FormData {
  const body = new FormData();
  for (const [name, entry] of Object.entries(value)) {
    if (entry === undefined || entry === null) continue;
    if (entry instanceof File) body.set(name, entry, entry.name);
    else body.set(name, Array.isArray(entry) ? entry.join(",") : String(entry));
  }
  return body;
}

export function steeringAnswer<Value>(submission: Submission<Value>, intent: string) {
  // Conform's reply leaves chosen files out of the echoed values (they cannot go back to the page).
  return data({
    result: { ...submission.reply(), error: null },
    toast: null as ToastData | null,
    intent: intent as string | null,
  });
}
