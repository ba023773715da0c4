import { useEffect } from "react";
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

// Without JavaScript the title's `autofocus` starts there; Tab and Shift+Tab cycle inside the dialog.
export function useDialogFocus(
  dialog: RefObject<HTMLElement>,
  body: RefObject<HTMLElement>,
  title: RefObject<HTMLElement>,
) {
  useEffect(() => {
    const [first] = body.current ? focusableIn(body.current) : [];
    (first && FIELD.test(first.tagName) ? first : title.current)?.focus();
  }, [body, title]);

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
