import { Outlet, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SectionKey } from "~/utils/navigation";
import { SECTIONS, sectionNav } from "~/utils/navigation";
import type { frameLoader } from "./frame.server";
import { SideNav } from "./side-nav";
import { TitleBanner } from "./title-banner";

function useFrame() {
  return useRouteLoaderData<typeof frameLoader>("routes/_app");
}

export function SectionLayout({
  section,
  icon,
  subtitle,
  bannerAction,
  tabCounts,
  tabSearch = "",
}: {
  section: SectionKey;
  icon?: string;
  subtitle?: string | null;
  bannerAction?: ReactNode;
  tabCounts?: Record<string, number | null | undefined>;
  /** Query the tab links keep (`?warehouseId=…`: a filter of the whole section). */
  tabSearch?: string;
}) {
  const frame = useFrame();
  const definition = SECTIONS[section];
  const items = sectionNav(section, frame?.counts, frame?.user.role.permissions ?? null).map((item) => {
    const key = item.link.slice(`/${section}/`.length);
    const count = tabCounts && key in tabCounts ? tabCounts[key] : item.count;
    return { ...item, count, link: `${item.link}${tabSearch}` };
  });
  return (
    <div className="flex flex-col gap-6">
      <TitleBanner
        title={definition.title}
        icon={icon ?? section}
        warehouseName={subtitle}
        action={bannerAction}
      />
      <div className="flex flex-col gap-6 md:flex-row">
        <SideNav label={`${definition.title} navigation`} items={items} />
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
