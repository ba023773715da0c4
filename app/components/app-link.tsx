import { useNavigate } from "@remix-run/react";
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import { createContext, useContext } from "react";

type Navigate = ReturnType<typeof useNavigate>;

const AppNavigationContext = createContext<Navigate | null>(null);

/** Gives the AppLinks below it the app's navigation (the root's component, once per page). */
export function AppLinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <AppNavigationContext.Provider value={navigate}>{children}</AppNavigationContext.Provider>;
}

/** A click the app should follow itself: the main button, no modifier, not aimed at another window. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

function pathOf(url: URL | Location) {
  return `${url.pathname}${url.search}${url.hash}`;
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  preventScrollReset?: boolean;
};

/**
 * A link to a page of this app. It is a plain anchor, so the browser follows it with JavaScript off or
 * still loading; once the app runs, a plain click navigates within the app, as Remix's Link does.
 *
 * Remix's Link resolves relative targets, reads the router's state and sets up prefetching: about twenty
 * hooks a link, and a list page has forty links. Server profiles put that at a tenth of a list page's
 * time (decision 027). This takes one context read. It marks the anchor `data-discover` as Link does,
 * so the route behind it is still looked up ahead of the click.
 */
export function AppLink({ to, replace, preventScrollReset, onClick, target, ...anchor }: AppLinkProps) {
  const navigate = useContext(AppNavigationContext);
  // The rest object is this call's own, so it is completed in place: an object literal spreading it and
  // adding these made a link cost about twice as much in a server profile, forty-odd links a page
  // (decision 024).
  const props: AnchorHTMLAttributes<HTMLAnchorElement> & { "data-discover"?: "true" } = anchor;
  props.href = to;
  props.target = target;
  props["data-discover"] = "true";
  props.onClick = (event) => {
    onClick?.(event);
    if (!navigate || !isPlainClick(event, target)) return;
    // The target as the browser read the href, so a relative one ("?mode=edit") goes where it
    // would go with JavaScript off.
    const url = new URL(event.currentTarget.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    // A link to the page already shown replaces its history entry, as Remix's Link does.
    const path = pathOf(url);
    navigate(path, { replace: replace ?? pathOf(window.location) === path, preventScrollReset });
  };
  return <a {...props} />;
}
