import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useIsPending } from "~/utils/use-is-pending";

const TONES = {
  primary: "bg-slate-900 text-white hover:bg-slate-700",
  danger: "bg-red-700 text-white hover:bg-red-800",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100",
} as const;

/** Shows its own form's pending state and cannot be sent twice meanwhile. */
export function SubmitButton({
  children,
  pendingText,
  intent,
  formAction,
  tone = "primary",
  disabled,
  className = "",
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "name" | "value"> & {
  children: ReactNode;
  pendingText: string;
  intent?: string;
  formAction?: string;
  tone?: keyof typeof TONES;
}) {
  const pending = useIsPending({ formAction, intent });
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      formAction={formAction}
      disabled={pending || disabled}
      aria-disabled={pending || disabled || undefined}
      className={`rounded-full px-5 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:bg-slate-500 ${TONES[tone]} ${className}`}
      {...rest}
    >
      {pending ? pendingText : children}
    </button>
  );
}
