import { Link, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { MAIN_MENU, allowed, isMenuEntryActive } from "~/utils/navigation";
import { useDetailsMenu } from "./use-details-menu";

const GROUP_SIZE = 3;

/** The menu's entries in threes: a dashed divider follows every third entry (spec 000 §2). */
function inGroups<Entry>(entries: Entry[]) {
  return Array.from({ length: Math.ceil(entries.length / GROUP_SIZE) }, (_, index) =>
    entries.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE),
  );
}

export function MainMenu({ permissions }: { permissions: readonly string[] }) {
  const { pathname } = useLocation();
  const ref = useDetailsMenu();
  const groups = inGroups(allowed(MAIN_MENU, permissions));
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
        {/* One list per group with an <hr> between: a list may hold only list items, not a divider. */}
        {groups.map((group, index) => (
          <Fragment key={group[0].link}>
            {index > 0 ? <hr className="my-1 border-t border-dashed border-slate-300" /> : null}
            <ul>
              {group.map((entry) => {
                const active = isMenuEntryActive(pathname, entry);
                return (
                  <li key={entry.link}>
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
                );
              })}
            </ul>
          </Fragment>
        ))}
      </nav>
    </details>
  );
}
