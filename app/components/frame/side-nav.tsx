import { NavLink } from "@remix-run/react";
import { formatBadgeCount } from "~/utils/format";
import type { NavItem } from "~/utils/navigation";

export function SideNav({ items, label }: { items: NavItem[]; label: string }) {
  return (
    <nav aria-label={label} className="w-full shrink-0 md:w-56 print:hidden">
      {/* Narrow screens wrap the entries rather than scroll them, so the current one is never out of view. */}
      <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
        {items.map((item) => (
          <li key={item.link}>
            <NavLink
              to={item.link}
              className={({ isActive }) =>
                `flex items-center justify-between gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm ${
                  isActive ? "bg-slate-900 font-medium text-white" : "text-slate-700 hover:bg-slate-100"
                }`
              }
            >
              <span>{item.title}</span>
              {item.count != null ? (
                <span className="rounded-full bg-slate-200 px-2 text-xs font-semibold text-slate-800">
                  {formatBadgeCount(item.count)}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
