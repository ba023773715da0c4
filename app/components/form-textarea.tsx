import type { TextareaHTMLAttributes } from "react";

type FormTextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  name: string;
  errors?: string[];
  errorId?: string;
};

export function FormTextarea({ label, errors, errorId, id, className = "", ...rest }: FormTextareaProps) {
  const inputId = id ?? rest.name;
  const messageId = errorId ?? `${inputId}-error`;
  const hasErrors = Boolean(errors?.length);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={4}
        aria-invalid={hasErrors || undefined}
        aria-describedby={hasErrors ? messageId : undefined}
        className={`rounded-lg border px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand-500 ${
          hasErrors ? "border-red-500" : "border-slate-300"
        }`}
        {...rest}
      />
      <div id={messageId} className="min-h-[1rem] text-xs text-red-700">
        {errors?.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
}
