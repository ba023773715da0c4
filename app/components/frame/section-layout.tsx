import { Outlet, useRouteLoaderData } from "@remix-run/react";
import type { SectionKey } from "~/utils/navigation";
import { SECTIONS, sectionNav } from "~/utils/navigation";
import type { loader as appLoader } from "~/routes/_app";
import { SideNav } from "./side-nav";
import { TitleBanner } from "./title-banner";

function useFrame() {
  return useRouteLoaderData<typeof appLoader>("routes/_app");
}

/** Title banner, side navigation with counts, and the section's page. */
export function SectionLayout({
  section,
  icon,
  subtitle,
}: {
  section: SectionKey;
  icon?: string;
  subtitle?: string | null;
}) {
  const frame = useFrame();
  const definition = SECTIONS[section];
  return (
    <div className="flex flex-col gap-6">
      <TitleBanner title={definition.title} icon={icon ?? section} warehouseName={subtitle} />
      <div className="flex flex-col gap-6 md:flex-row">
        <SideNav
          label={`${definition.title} navigation`}
          items={sectionNav(section, frame?.counts, frame?.user.role.permissions ?? null)}
        />
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
