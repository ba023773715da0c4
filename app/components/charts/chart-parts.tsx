// Pieces both charts share: the empty state, the HTML legend, the table's scrolling box and the SVG text
// sizes.
import { Fragment } from "react";
import type { ReactNode } from "react";

// SVG text is sized in the viewBox's units, so it grows and shrinks with the chart: large enough to stay
// legible when the chart is squeezed onto a phone.
export const FONT_SIZE = 13;
/** A generous average character width for the UI font, to leave room for labels before drawing them. */
export const CHAR_WIDTH = FONT_SIZE * 0.62;
/** Slate 700: axis labels as dark as the page's body text. */
export const TEXT_COLOUR = "#334155";
/** Slate 200: gridlines are a guide only, so they stay faint behind the data. */
export const GRID_COLOUR = "#e2e8f0";
/** Slate 500: the zero line the bars stand on. */
export const AXIS_COLOUR = "#64748b";

export const NO_DATA = "No data for these filters.";

export function NoData() {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
      {NO_DATA}
    </p>
  );
}

/** A label cut to `maxChars`, ending in an ellipsis when cut; the full text is in the table. */
export function shorten(label: string, maxChars: number): string {
  return label.length <= maxChars ? label : `${label.slice(0, Math.max(1, maxChars - 1))}…`;
}

/** Only values that can be drawn: missing, negative and non-numeric values draw as nothing. */
export function drawable(value: number | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}

export type LegendItem = { label: string; colour: string; dash?: string };

/** HTML rather than SVG so it wraps on narrow screens; each swatch shows the series' colour and line. */
export function Legend({ items, lines = false }: { items: readonly LegendItem[]; lines?: boolean }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {items.map((item, index) => (
        <li key={`${index}-${item.label}`} className="flex items-center gap-1.5">
          <svg aria-hidden="true" width="20" height="12" viewBox="0 0 20 12" className="shrink-0">
            {lines ? (
              <>
                <line
                  x1="0"
                  y1="6"
                  x2="20"
                  y2="6"
                  stroke={item.colour}
                  strokeWidth="2"
                  strokeDasharray={item.dash}
                />
                <circle cx="10" cy="6" r="2.5" fill={item.colour} />
              </>
            ) : (
              <rect x="4" y="0" width="12" height="12" rx="2" fill={item.colour} />
            )}
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The chart's figures as a table that scrolls sideways on narrow screens rather than squeezing its columns.
 * Without links inside, the scrolling box itself takes keyboard focus so it can still be scrolled.
 */
export function ChartTable({
  caption,
  hasLinks,
  children,
}: {
  caption: string;
  hasLinks: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="mt-4 overflow-x-auto"
      {...(hasLinks ? {} : { tabIndex: 0, role: "region", "aria-label": `${caption} (scrolls sideways)` })}
    >
      <table className="figures w-full text-left text-sm text-slate-800">
        <caption className="mb-2 text-left text-sm text-slate-700">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const HEAD_CLASS = "border-b border-slate-200 text-xs uppercase text-slate-600";
export const LABEL_CELL = "whitespace-nowrap py-2 pr-4 font-medium last:pr-0";

/** The picture both charts draw in: one image named by its title, its gridlines labelled on the left. */
export function ChartPicture({
  title,
  width,
  height,
  grid,
  children,
}: {
  title: string;
  width: number;
  height: number;
  grid: { ticks: number[]; labels: string[]; y: (value: number) => number; left: number; right: number };
  children: ReactNode;
}) {
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-2xl"
      fontSize={FONT_SIZE}
      fill={TEXT_COLOUR}
    >
      <title>{title}</title>
      {grid.ticks.map((tick, index) => (
        <Fragment key={tick}>
          <line x1={grid.left} x2={grid.right} y1={grid.y(tick)} y2={grid.y(tick)} stroke={GRID_COLOUR} />
          <text x={grid.left - 6} y={grid.y(tick)} textAnchor="end" dominantBaseline="middle">
            {grid.labels[index]}
          </text>
        </Fragment>
      ))}
      {children}
    </svg>
  );
}
