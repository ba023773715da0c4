import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useDialogFocus } from "./use-dialog-focus";

export const DRAWER_WIDTHS = {
  small: "max-w-[360px]",
  medium: "max-w-[530px]",
  large: "max-w-[660px]",
} as const;
export const DRAWER_CLOSE_MS = 250;

/**
 * A right-side drawer with a URL of its own: it opens with a link and closes with a link to
 * `closeTo`, so it works without JavaScript. With JavaScript, Escape and the backdrop close it after
 * the 250 ms slide-out (spec 000 §4). Keyboard focus starts in the drawer and stays there.
 */
export function Drawer({
  title,
  closeTo,
  size = "medium",
  children,
}: {
  title: string;
  closeTo: string;
  size?: keyof typeof DRAWER_WIDTHS;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const [closing, setClosing] = useState(false);
  const dialog = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useDialogFocus(dialog, body, heading);
  const close = useCallback(() => {
    setClosing(true);
    setTimeout(() => navigate(closeTo, { preventScrollReset: true }), DRAWER_CLOSE_MS);
  }, [closeTo, navigate]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  const closeLink = (event: React.MouseEvent) => {
    event.preventDefault();
    close();
  };

  return (
    <div className="fixed inset-0 z-50" data-state={closing ? "closing" : "open"}>
      <Link
        to={closeTo}
        preventScrollReset
        onClick={closeLink}
        aria-label="Close panel"
        tabIndex={-1}
        data-testid="drawer-backdrop"
        className={`absolute inset-0 bg-slate-900/40 transition-opacity duration-[250ms] ${closing ? "opacity-0" : "opacity-100"}`}
      />
      {/* The whole panel scrolls (not only its body), so the scrolling region always holds the Close link. */}
      <aside
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="drawer-title"
        className={`absolute inset-y-0 right-0 flex w-full ${DRAWER_WIDTHS[size]} flex-col overflow-y-auto bg-white shadow-2xl transition-transform duration-[250ms] ${closing ? "translate-x-full" : "translate-x-0"}`}
      >
        <header className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-5 py-4">
          {/* Without JavaScript, `autofocus` makes the drawer the page's first focus stop. */}
          <h2
            ref={heading}
            id="drawer-title"
            tabIndex={-1}
            autoFocus
            className="text-lg font-semibold text-slate-900"
          >
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            onClick={closeLink}
            className="rounded-full p-2 text-slate-500 hover:bg-slate-100"
            aria-label="Close"
          >
            <span aria-hidden="true">✕</span>
          </Link>
        </header>
        <div ref={body} className="flex-1 px-5 py-4">
          {children}
        </div>
      </aside>
    </div>
  );
}
