import type { ReactNode } from "react";
import { SectionIcon } from "../section-icon";

export function TitleBanner({
  title,
  icon,
  warehouseName,
  action,
}: {
  title: string;
  icon: string;
  warehouseName?: string | null;
  action?: ReactNode;
}) {
  // axe cannot measure text over a gradient: both ends are chosen to keep white text above 4.5:1.
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl print:hidden bg-gradient-to-r from-brand-600 to-amber-700 px-5 py-4 text-white shadow-sm">
      <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-white/20">
        <SectionIcon name={icon} />
      </span>
      <div className="min-w-0 flex-1">
        <h1 className="text-xl font-semibold">{title}</h1>
        {warehouseName ? <p className="text-sm text-white">{warehouseName}</p> : null}
      </div>
      {action}
    </div>
  );
}
