import { useEffect, useState } from "react";
import type { RefObject } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  "[tabindex]:not([tabindex='-1'])",
].join(",");
const FIELD = /^(INPUT|SELECT|TEXTAREA)$/;

/** Only the ones a person can see: a closed menu's links are not among them. */
export function focusableIn(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

/** What had focus before the dialog took it: read while the dialog first renders, before its autofocus. */
function useOpener() {
  const [opener] = useState(() => {
    if (typeof document === "undefined") return null;
    const active = document.activeElement;
    return active instanceof HTMLElement && active !== document.body ? active : null;
  });
  return opener;
}

// A dialog opened by a page load has no opener: the page's link to the dialog stands in for it.
function returnFocus(opener: HTMLElement | null, dialogPath: string) {
  const active = document.activeElement;
  if (active && active !== document.body) return; // something else took focus on purpose
  const target = opener?.isConnected
    ? opener
    : Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]")).find((link) => {
        const url = new URL(link.href);
        return url.pathname + url.search === dialogPath;
      });
  target?.focus();
}

// Without JavaScript the title's `autofocus` starts there; Tab and Shift+Tab cycle inside the dialog;
// closing gives focus back to what opened it.
export function useDialogFocus(
  dialog: RefObject<HTMLElement>,
  body: RefObject<HTMLElement>,
  title: RefObject<HTMLElement>,
) {
  const opener = useOpener();
  useEffect(() => {
    // Someone who tabbed or typed before the page finished starting keeps their place.
    const active = document.activeElement;
    if (active === title.current || !dialog.current?.contains(active)) {
      const [first] = body.current ? focusableIn(body.current) : [];
      (first && FIELD.test(first.tagName) ? first : title.current)?.focus();
    }
    const dialogPath = window.location.pathname + window.location.search;
    // After the dialog's nodes are gone and the page behind has rendered.
    return () => void setTimeout(() => returnFocus(opener, dialogPath), 0);
  }, [dialog, body, title, opener]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const container = dialog.current;
      if (event.key !== "Tab" || !container) return;
      const stops = focusableIn(container);
      if (stops.length === 0) return;
      const active = document.activeElement;
      const index = stops.indexOf(active as HTMLElement);
      const outside = !container.contains(active);
      if (event.shiftKey && (index <= 0 || outside)) {
        event.preventDefault();
        stops[stops.length - 1].focus();
      } else if (!event.shiftKey && (index === stops.length - 1 || outside)) {
        event.preventDefault();
        stops[0].focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [dialog]);
}
