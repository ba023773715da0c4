import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent, FocusEvent } from "react";
import type { z } from "zod";
import { formValues } from "./form-values";

export type FormResult = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null | undefined> | null;
};

type Errors = Record<string, string[]>;

function errorsOf(result: FormResult | null | undefined): Errors {
  const errors: Errors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}

export function fieldName(path: (string | number)[]): string {
  return path.reduce<string>(
    (name, segment) =>
      typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment,
    "",
  );
}

function validate(schema: z.ZodTypeAny, form: HTMLFormElement): Errors {
  const parsed = schema.safeParse(formValues(new FormData(form)));
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const name = fieldName(issue.path);
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

/** The names a schema's form may carry: `field()` refuses anything else at compile time. */
export type FieldName<Schema extends z.ZodTypeAny> = Extract<keyof z.input<Schema>, string>;

// A small stand-in for Conform's browser half: without JavaScript the server's answer does all the work.
// The schema comes through `loadSchema` (a dynamic import declared at module level) so zod and the
// schemas reach the browser after the page is usable, not in its first download; until they arrive a
// submission is checked by the server alone, with the same schema.
export function useLiveForm<Schema extends z.ZodTypeAny = z.ZodTypeAny>({
  loadSchema,
  lastResult,
}: {
  loadSchema?: () => Promise<Schema>;
  lastResult?: FormResult | null;
}) {
  const formId = useId();
  // What the browser worked out is kept beside the server answer it refines; a new answer replaces it.
  // Derived rather than reset during render: a render React discards must not lose the server's errors.
  const [checked, setChecked] = useState<{ answer: FormResult | null | undefined; errors: Errors }>({
    answer: lastResult,
    errors: errorsOf(lastResult),
  });
  const shown = checked.answer === lastResult ? checked.errors : errorsOf(lastResult);
  const setShown = (next: (current: Errors) => Errors) =>
    setChecked((current) => ({
      answer: lastResult,
      errors: next(current.answer === lastResult ? current.errors : errorsOf(lastResult)),
    }));
  const schema = useRef<Schema | null>(null);
  useEffect(() => {
    loadSchema?.().then(
      (loaded) => (schema.current = loaded),
      () => undefined, // offline or a new deployment: the server still checks every submission
    );
  }, [loadSchema]);

  const recheck = (form: HTMLFormElement, names: string[]) => {
    if (!loadSchema) return;
    void loadSchema().then(
      (loaded) => {
        schema.current = loaded;
        const found = validate(loaded, form);
        setShown((current) => {
          const next = { ...current };
          for (const name of names) {
            if (found[name]) next[name] = found[name];
            else delete next[name];
          }
          return next;
        });
      },
      () => undefined,
    );
  };

  const form = {
    id: formId,
    noValidate: true,
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const name = event.target.getAttribute("name");
      if (name && event.target.value !== "") recheck(event.currentTarget, [name]);
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      const name = (event.target as Element).getAttribute("name");
      if (name && shown[name]) recheck(event.currentTarget, [name]);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (!schema.current) return;
      // A button marked formNoValidate steers the form (add an item, choose a category): no checks then.
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.hasAttribute("formnovalidate")) return;
      const found = validate(schema.current, event.currentTarget);
      if (Object.keys(found).length === 0) return;
      event.preventDefault();
      setShown(() => found);
      const first = event.currentTarget.querySelector<HTMLElement>(
        `[name="${CSS.escape(Object.keys(found)[0])}"]`,
      );
      first?.focus();
    },
  };

  const field = (name: FieldName<Schema>) => {
    const initial = lastResult?.initialValue?.[name];
    return {
      id: `${formId}-${name}`,
      name,
      defaultValue: typeof initial === "string" ? initial : undefined,
      errors: shown[name],
      errorId: `${formId}-${name}-error`,
    };
  };

  const errorsAt = (name: string) => shown[name];

  return { form, field, errorsAt, formErrors: shown[""] ?? [], hasErrors: Object.keys(shown).length > 0 };
}
