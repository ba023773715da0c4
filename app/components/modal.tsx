import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useDialogFocus } from "./use-dialog-focus";

/**
 * A centred dialog with a URL of its own, the small sibling of `Drawer`: it opens with a link and closes
 * with a link to `closeTo`, so it works without JavaScript; with JavaScript Escape and the backdrop close
 * it, and keyboard focus starts in it and stays there.
 */
export function Modal({
  title,
  hint,
  closeTo,
  children,
}: {
  title: string;
  /** A line under the title saying what the dialog wants. */
  hint?: string;
  closeTo: string;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useDialogFocus(dialog, body, heading);
  const close = useCallback(() => navigate(closeTo, { preventScrollReset: true }), [closeTo, navigate]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
      <Link
        to={closeTo}
        preventScrollReset
        aria-label="Close dialog"
        tabIndex={-1}
        data-testid="modal-backdrop"
        className="fixed inset-0 bg-slate-900/40"
      />
      <section
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        aria-describedby={hint ? "modal-hint" : undefined}
        className="relative w-full max-w-lg rounded-2xl bg-white shadow-2xl"
      >
        <header className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
          <div>
            {/* Without JavaScript, `autofocus` makes the dialog the page's first focus stop. */}
            <h2
              ref={heading}
              id="modal-title"
              tabIndex={-1}
              autoFocus
              className="text-lg font-semibold text-slate-900"
            >
              {title}
            </h2>
            {hint ? (
              <p id="modal-hint" className="mt-0.5 text-sm text-slate-600">
                {hint}
              </p>
            ) : null}
          </div>
          <Link
            to={closeTo}
            preventScrollReset
            className="rounded-full p-2 text-slate-500 hover:bg-slate-100"
            aria-label="Close"
          >
            <span aria-hidden="true">✕</span>
          </Link>
        </header>
        <div ref={body} className="px-5 py-4">
          {children}
        </div>
      </section>
    </div>
  );
}
