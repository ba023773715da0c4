import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { ErrorPanel, SectionErrorBoundary } from "~/components/error-panel";
import { SectionIcon } from "~/components/section-icon";
import { requireUser } from "~/session.server";
import { formatBadgeCount, formatPercent } from "~/utils/format";
import { HOME_TILES } from "~/features/home/home-tiles";
import type { SectionTile } from "~/features/home/home-tiles";
import { allowed } from "~/utils/navigation";
import type { loader as appLoader } from "./_app";

export const meta: MetaFunction = () => [{ title: "Home — SolarDesk" }];

/** Home reads the frame's counts; its own loader only guards. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

function TileBody({ tile, count }: { tile: SectionTile; count: number | undefined }) {
  return (
    <>
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
        <SectionIcon name={tile.image} className="h-6 w-6" />
      </span>
      <span className="mt-4 text-base font-semibold text-slate-900">{tile.sectionName}</span>
      {count !== undefined && tile.countFormat === "percent" ? (
        <span className="absolute right-4 top-4 rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">
          PAR 30: {formatPercent(count / 100)}
        </span>
      ) : count !== undefined ? (
        <span
          className="absolute right-4 top-4 rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white"
          aria-label={`${tile.sectionName}: ${count}`}
        >
          {formatBadgeCount(count)}
        </span>
      ) : null}
    </>
  );
}

const tileClass = "relative flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

export default function HomeRoute() {
  const frame = useRouteLoaderData<typeof appLoader>("routes/_app");
  const counts = frame?.counts ?? {};
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Welcome, {frame?.user.firstname}</h1>
        <p className="text-sm text-slate-600">Choose an area to work in.</p>
      </div>
      {frame?.overviewFailure ? <ErrorPanel description={frame.overviewFailure} /> : null}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {allowed(HOME_TILES, frame?.user.role.permissions ?? null).map((tile) => {
          const count = tile.countKey ? counts[tile.countKey] : undefined;
          return (
            <li key={tile.sectionName}>
              {/* Wide screens: the whole tile is the link. Narrow (≤640 px): only its button navigates. */}
              <Link
                to={tile.location}
                className={`${tileClass} hidden hover:border-brand-500 hover:shadow-md sm:flex`}
              >
                <TileBody tile={tile} count={count} />
              </Link>
              <div className={`${tileClass} sm:hidden`}>
                <TileBody tile={tile} count={count} />
                <Link
                  to={tile.location}
                  className="mt-4 self-start rounded-full bg-slate-900 px-4 py-1.5 text-sm font-medium text-white"
                >
                  Open {tile.sectionName}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
