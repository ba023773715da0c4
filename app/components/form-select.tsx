import type { SelectHTMLAttributes } from "react";

type FormSelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  placeholder: string;
  errors?: string[];
  errorId?: string;
  unavailable?: string;
};

export function FormSelect({
  label,
  name,
  options,
  placeholder,
  errors,
  errorId,
  unavailable,
  id,
  className = "",
  ...rest
}: FormSelectProps) {
  const selectId = id ?? name;
  const messageId = errorId ?? `${selectId}-error`;
  const messages = unavailable ? [unavailable] : (errors ?? []);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={selectId}
        name={name}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length ? messageId : undefined}
        className={`rounded-lg border bg-white px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand-500 ${
          messages.length ? "border-red-500" : "border-slate-300"
        }`}
        {...rest}
        disabled={Boolean(unavailable) || rest.disabled}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div id={messageId} className="min-h-[1rem] text-xs text-red-700">
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
}
