import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** A <details> menu that also closes on a click outside it and after navigating (JS nicety). */
export function useCloseOnOutsideClick() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target))
        details.open = false;
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return ref;
}
