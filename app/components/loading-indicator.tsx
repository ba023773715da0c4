export function LoadingIndicator({
  text = "Loading",
  className = "",
}: {
  text?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center gap-2 text-sm text-slate-600 ${className}`}
    >
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
      />
      <span>{text}</span>
    </div>
  );
}
