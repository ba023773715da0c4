import { Fragment } from "react";
import {
  ChartPicture,
  AXIS_COLOUR,
  CHAR_WIDTH,
  ChartTable,
  drawable,
  FONT_SIZE,
  HEAD_CLASS,
  LABEL_CELL,
  Legend,
  NoData,
  shorten,
} from "./chart-parts";
import { chartColour, linearScale, niceTicks, tenth } from "./scale";

// The drawing's own coordinate space: the SVG scales it to the width it is given.
const WIDTH = 560;
const PLOT_HEIGHT = 200;
// Room beside the bars for half of a label centred under the first or last bar.
const EDGE = 2 * FONT_SIZE;
// Labels under the bars: at most this many, so they never crowd, and at least the bars' count divided by
// MIN_LABEL_SHARE, so that long labels are shortened or slanted rather than leaving most bars unnamed.
const MAX_X_LABELS = 8;
const MIN_LABEL_SHARE = 4;
// Slanted labels are cut to this length, so they do not take more height than the bars.
const SLANTED_CHARS = 14;

export type StackedBarChartProps = {
  /** Names the chart for screen readers; the caller renders the visible heading. */
  title: string;
  /** The parts of each bar, bottom to top; colours follow CHART_COLOURS in this order. */
  series: { key: string; label: string }[];
  /** One bar each; `href` makes its table label a link. */
  rows: { label: string; values: Record<string, number>; href?: string }[];
  format: (value: number) => string;
  /** The y axis's labels, when shorter ones read better there (₦1.5m); `format` otherwise. */
  formatTick?: (value: number) => string;
  /**
   * Heading of the table's total column ("Total" by default). A single series has no separate total: its
   * one value column is headed with the series' label unless this is given.
   */
  valueHeading?: string;
  tableCaption?: string;
};

/** Bars of stacked parts, with an HTML legend and a table of the same figures for reading without the chart. */
export function StackedBarChart({
  title,
  series,
  rows,
  format,
  formatTick = format,
  valueHeading,
  tableCaption,
}: StackedBarChartProps) {
  if (rows.length === 0 || series.length === 0) return <NoData />;

  const valueOf = (row: StackedBarChartProps["rows"][number], key: string) => {
    const value = row.values[key];
    return Number.isFinite(value) ? value : 0;
  };
  const ticks = niceTicks(Math.max(...rows.map((row) => sumDrawn(row.values, series))));
  const tickLabels = ticks.map(formatTick);
  const tickWidth = Math.ceil(Math.max(...tickLabels.map((label) => label.length)) * CHAR_WIDTH) + 8;
  const labels = xLabelLayout(
    rows.map((row) => row.label),
    tickWidth,
  );
  const plot = { left: labels.left, right: labels.right, top: FONT_SIZE, bottom: FONT_SIZE + PLOT_HEIGHT };
  const height = plot.bottom + labels.below;
  const y = linearScale([0, ticks[ticks.length - 1]], [plot.bottom, plot.top]);
  const slot = (plot.right - plot.left) / rows.length;
  const barWidth = tenth(slot * 0.7);
  const barX = (rowIndex: number) => tenth(plot.left + slot * rowIndex + (slot - barWidth) / 2);
  const single = series.length === 1;

  return (
    <figure>
      <ChartPicture
        title={title}
        width={WIDTH}
        height={height}
        grid={{ ticks, labels: tickLabels, y, left: plot.left, right: plot.right }}
      >
        {/* The white outline keeps neighbouring parts apart where their colours are alike. No link inside
            the picture (an image holds no controls): the table below has them. */}
        <g stroke="#ffffff" strokeWidth={0.5}>
          {rows.map((row, rowIndex) => (
            <Fragment key={`${rowIndex}-${row.label}`}>
              {stack(row.values, series).map(({ part, index, from, to }) => (
                <rect
                  key={part.key}
                  x={barX(rowIndex)}
                  width={barWidth}
                  y={y(to)}
                  height={tenth(y(from) - y(to))}
                  fill={chartColour(index)}
                >
                  <title>{`${row.label} — ${part.label}: ${format(valueOf(row, part.key))}`}</title>
                </rect>
              ))}
            </Fragment>
          ))}
        </g>
        {rows.map((row, rowIndex) =>
          rowIndex % labels.every === 0 ? (
            <XLabel
              key={`${rowIndex}-${row.label}`}
              label={row.label}
              x={tenth(barX(rowIndex) + barWidth / 2)}
              y={plot.bottom}
              {...labels}
            />
          ) : null,
        )}
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke={AXIS_COLOUR} />
      </ChartPicture>
      {single ? null : (
        <Legend items={series.map((part, index) => ({ label: part.label, colour: chartColour(index) }))} />
      )}
      <ChartTable caption={tableCaption ?? title} hasLinks={rows.some((row) => row.href)}>
        <thead className={HEAD_CLASS}>
          <tr>
            <td />
            {single ? null : series.map((part) => <ColumnHeading key={part.key} text={part.label} />)}
            <ColumnHeading text={valueHeading ?? (single ? series[0].label : "Total")} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={`${rowIndex}-${row.label}`}>
              <th scope="row" className={LABEL_CELL}>
                {row.href ? (
                  <a href={row.href} className="text-brand-700 hover:underline">
                    {row.label}
                  </a>
                ) : (
                  row.label
                )}
              </th>
              {single ? null : series.map((part) => <td key={part.key}>{format(valueOf(row, part.key))}</td>)}
              <td className="font-medium">
                {format(series.reduce((sum, part) => sum + valueOf(row, part.key), 0))}
              </td>
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </figure>
  );
}

function ColumnHeading({ text }: { text: string }) {
  return (
    <th scope="col" className="whitespace-nowrap py-2 pr-4 text-right last:pr-0">
      {text}
    </th>
  );
}

type Series = StackedBarChartProps["series"];

/** The height of a bar: only what can be drawn, so the axis fits the bars. */
function sumDrawn(values: Record<string, number>, series: Series) {
  return series.reduce((sum, part) => sum + drawable(values[part.key]), 0);
}

/** Where each part of a bar starts and ends, bottom to top; parts with nothing to draw are left out. */
function stack(values: Record<string, number>, series: Series) {
  let from = 0;
  return series.flatMap((part, index) => {
    const value = drawable(values[part.key]);
    if (value === 0) return [];
    const segment = { part, index, from, to: from + value };
    from = segment.to;
    return [segment];
  });
}

type LabelLayout = {
  left: number;
  right: number;
  below: number;
  every: number;
  chars: number;
  slanted: boolean;
};

/**
 * How the bars' labels fit: side by side when they can be read that way (every bar's, or every second,
 * third… bar's), else slanted, which lets more bars keep their label and longer labels show.
 */
function xLabelLayout(labels: string[], tickWidth: number): LabelLayout {
  const count = labels.length;
  const longest = Math.max(...labels.map((label) => label.length));
  const left = Math.max(tickWidth, EDGE);
  const slot = (WIDTH - EDGE - left) / count;
  const every = Math.max(
    Math.ceil(count / MAX_X_LABELS),
    Math.min(Math.ceil(((longest + 1) * CHAR_WIDTH) / slot), Math.ceil(count / MIN_LABEL_SHARE)),
  );
  // Shortened to its share of the width, and never past the drawing's edges.
  const chars = Math.floor(Math.min(slot * every, slot + 2 * EDGE) / CHAR_WIDTH) - 1;
  const slantedChars = Math.min(longest, SLANTED_CHARS);
  if (chars >= slantedChars) {
    return { left, right: WIDTH - EDGE, below: FONT_SIZE + 12, every, chars, slanted: false };
  }
  // A label slanted up to the right, ending under its bar, reaches as far left as it reaches down.
  const reach = slantedChars * CHAR_WIDTH * Math.SQRT1_2;
  const slantedLeft = Math.max(tickWidth, reach);
  const slantedSlot = (WIDTH - 4 - slantedLeft) / count;
  return {
    left: slantedLeft,
    right: WIDTH - 4,
    below: reach + FONT_SIZE + 8,
    every: Math.ceil((FONT_SIZE * 1.2) / slantedSlot),
    chars: slantedChars,
    slanted: true,
  };
}

/** A bar's label, under its middle; the full text is its tooltip when shortened (and is in the table). */
function XLabel({ label, x, y, chars, slanted }: { label: string; x: number; y: number } & LabelLayout) {
  const shortened = label.length > chars;
  const content = (
    <>
      {shortened ? <title>{label}</title> : null}
      {shorten(label, chars)}
    </>
  );
  return slanted ? (
    <text x={x} y={y + 8} textAnchor="end" dominantBaseline="middle" transform={`rotate(-45 ${x} ${y + 8})`}>
      {content}
    </text>
  ) : (
    <text x={x} y={y + FONT_SIZE + 4} textAnchor="middle">
      {content}
    </text>
  );
}
