export const MAIN_CONTENT_ID = "main-content";

/** A plain in-page link, so it works without JavaScript (the target needs tabIndex -1 to take focus). */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-lg bg-slate-900 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:px-4 focus:py-2"
    >
      Skip to main content
    </a>
  );
}
