import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FOCUS_THROTTLE_MS, LIST_REFRESH_MS, forgetStopUnlessOn, isRefreshingStopped } from "./freshness";

const stopped = () => isRefreshingStopped(window.location.pathname) || document.visibilityState === "hidden";

/** At most once every 5 s (spec 000 §4, §9); without JavaScript a reload does the same job. */
export function useRevalidateOnFocus() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const { pathname } = useLocation();

  // Child effects run first, so a refusal on the new page has already been recorded here.
  useEffect(() => forgetStopUnlessOn(pathname), [pathname]);

  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      if (stopped()) return;
      if (Date.now() - last < FOCUS_THROTTLE_MS) return;
      last = Date.now();
      revalidate.current();
    };
    window.addEventListener("focus", refresh);
    window.addEventListener("online", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      window.removeEventListener("online", refresh);
    };
  }, []);
}

export function useListRefresh(intervalMs = LIST_REFRESH_MS) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const timer = setInterval(() => {
      if (!stopped()) revalidate.current();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}
