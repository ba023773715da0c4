/** Decorative beside the record's name, so it has no text of its own. */
export function RecordImage({ src, className = "h-10 w-10" }: { src: string | null; className?: string }) {
  if (!src) {
    return (
      <span
        aria-hidden="true"
        data-testid="image-placeholder"
        className={`flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500 ${className}`}
      >
        <svg viewBox="0 0 24 24" className="h-1/2 w-1/2" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5" />
        </svg>
      </span>
    );
  }
  return <img src={src} alt="" loading="lazy" className={`shrink-0 rounded-lg object-cover ${className}`} />;
}
