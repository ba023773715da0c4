import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useDialogFocus } from "./use-dialog-focus";

export type DialogLook = (closing: boolean) => {
  layer: string;
  backdrop: string;
  panel: string;
  header: string;
  body: string;
};

/** Pages and tests find a dialog's parts by these names, so each kind keeps its own. */
const NAMES = {
  drawer: { element: "aside", backdropLabel: "Close panel" },
  modal: { element: "section", backdropLabel: "Close dialog" },
} as const;

const DISCARD_QUESTION = "Discard what you typed?";

const KEPT_TYPES = new Set(["hidden", "checkbox", "radio", "file", "submit", "button"]);

function hasTypedText(container: HTMLElement | null) {
  if (!container) return false;
  return Array.from(
    container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea"),
  ).some((field) => !KEPT_TYPES.has(field.type) && field.value !== field.defaultValue);
}

/** Opens and closes with links, so it works without JavaScript; Escape and a focus trap come on top. */
export function DialogShell({
  kind,
  title,
  hint,
  closeTo,
  closeDelayMs = 0,
  look,
  children,
}: {
  kind: keyof typeof NAMES;
  title: string;
  hint?: string;
  closeTo: string;
  closeDelayMs?: number;
  look: DialogLook;
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
    setTimeout(() => navigate(closeTo, { preventScrollReset: true }), closeDelayMs);
  }, [closeDelayMs, closeTo, navigate]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // A stray Escape must not throw away what someone typed.
      if (hasTypedText(dialog.current) && !window.confirm(DISCARD_QUESTION)) return;
      close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  // Without a way out to wait for, the links navigate by themselves.
  const onCloseClick = closeDelayMs
    ? (event: React.MouseEvent) => {
        event.preventDefault();
        close();
      }
    : undefined;
  const { element: Panel, backdropLabel } = NAMES[kind];
  const classes = look(closing);
  const titleId = `${kind}-title`;
  const hintId = `${kind}-hint`;

  return (
    <div className={classes.layer} data-state={closing ? "closing" : "open"}>
      <Link
        to={closeTo}
        preventScrollReset
        onClick={onCloseClick}
        aria-label={backdropLabel}
        tabIndex={-1}
        data-testid={`${kind}-backdrop`}
        className={classes.backdrop}
      />
      <Panel
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={hint ? hintId : undefined}
        className={classes.panel}
      >
        <header className={classes.header}>
          <div>
            {/* Without JavaScript, `autofocus` makes the dialog the page's first focus stop. */}
            <h2
              ref={heading}
              id={titleId}
              tabIndex={-1}
              autoFocus
              className="text-lg font-semibold text-slate-900"
            >
              {title}
            </h2>
            {hint ? (
              <p id={hintId} className="mt-0.5 text-sm text-slate-600">
                {hint}
              </p>
            ) : null}
          </div>
          <Link
            to={closeTo}
            preventScrollReset
            onClick={onCloseClick}
            className="rounded-full p-2 text-slate-500 hover:bg-slate-100"
            aria-label="Close"
          >
            <span aria-hidden="true">✕</span>
          </Link>
        </header>
        <div ref={body} className={classes.body}>
          {children}
        </div>
      </Panel>
    </div>
  );
}
