import { forwardRef } from "react";
import type { InputHTMLAttributes } from "react";

export const ALLOWED_INPUT_TYPES = [
  "text",
  "number",
  "email",
  "password",
  "search",
  "hidden",
  "tel",
  "url",
  "date",
  "file",
] as const;
export type AllowedInputType = (typeof ALLOWED_INPUT_TYPES)[number];

function isAllowedType(type: string): type is AllowedInputType {
  return (ALLOWED_INPUT_TYPES as readonly string[]).includes(type);
}

type FormInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: string;
  type?: string;
  errors?: string[];
  errorId?: string;
  hint?: string;
};

/** A labelled input with its errors under it; types outside the spec's list are refused. */
export const FormInput = forwardRef<HTMLInputElement, FormInputProps>(function FormInput(
  { label, type = "text", errors, errorId, hint, id, className = "", ...rest },
  ref,
) {
  if (!isAllowedType(type)) {
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        Input Type Not Allowed
      </p>
    );
  }
  const inputId = id ?? rest.name;
  const messageId = errorId ?? `${inputId}-error`;
  const hasErrors = Boolean(errors?.length);
  if (type === "hidden") return <input ref={ref} type="hidden" id={inputId} {...rest} />;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        type={type}
        aria-invalid={hasErrors || undefined}
        aria-describedby={hasErrors ? messageId : undefined}
        className={`rounded-lg border px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand-500 ${
          hasErrors ? "border-red-500" : "border-slate-300"
        }`}
        {...rest}
      />
      {hint && !hasErrors ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <div id={messageId} className="min-h-[1rem] text-xs text-red-700">
        {errors?.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
});
