import { Link, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { MAIN_MENU, isMenuEntryActive } from "~/utils/navigation";
import { useCloseOnOutsideClick } from "./use-close-on-outside-click";

/** The round menu button and its dropdown; a <details> element, so it opens without JavaScript. */
export function MainMenu() {
  const { pathname } = useLocation();
  const ref = useCloseOnOutsideClick();
  return (
    <details ref={ref} className="relative">
      <summary
        aria-label="Main menu"
        className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-full border border-slate-300 bg-white hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </summary>
      <nav
        aria-label="Main"
        className="absolute left-0 z-40 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
      >
        <ul>
          {MAIN_MENU.map((entry, index) => {
            const active = isMenuEntryActive(pathname, entry);
            return (
              <Fragment key={entry.link}>
                <li>
                  <Link
                    to={entry.link}
                    aria-current={active ? "page" : undefined}
                    className={`block rounded-lg px-3 py-2 text-sm ${
                      active
                        ? "bg-brand-100 font-semibold text-brand-900"
                        : "text-slate-700 hover:bg-slate-100"
                    }`}
                  >
                    {entry.title}
                  </Link>
                </li>
                {(index + 1) % 3 === 0 && index < MAIN_MENU.length - 1 ? (
                  <li role="separator" className="my-1 border-t border-dashed border-slate-300" />
                ) : null}
              </Fragment>
            );
          })}
        </ul>
      </nav>
    </details>
  );
}
