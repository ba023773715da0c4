import {
  ChartPicture,
  CHAR_WIDTH,
  ChartTable,
  FONT_SIZE,
  HEAD_CLASS,
  LABEL_CELL,
  Legend,
  NoData,
  AXIS_COLOUR,
} from "./chart-parts";
import { chartColour, linearScale, niceTicks } from "./scale";

// The drawing's own coordinate space: the SVG scales it to the width it is given.
const WIDTH = 560;
const HEIGHT = 260;
// More labels than this along the x axis would run into each other: the others are left out.
const MAX_X_LABELS = 12;
// Solid, dashed, dotted. Their count shares no factor with the palette's, so each colour and line style
// pair comes round only after every colour has been drawn in every style.
const DASHES = [undefined, "6 4", "2 3"];

export type LineChartProps = {
  /** Names the chart for screen readers; the caller renders the visible heading. */
  title: string;
  /** What x counts, as read before a value: "Months since sale". */
  xLabel: string;
  /** One line each; x are whole numbers. */
  series: { name: string; points: { x: number; y: number }[] }[];
  formatY: (y: number) => string;
  /** Top of the y axis: by default the highest value, at least 1. */
  yMax?: number;
  tableCaption?: string;
  /** Heading of the table's column of series names. */
  seriesHeading?: string;
};

/** Lines told apart by colour and dash, with an HTML legend and a table of the same figures. */
export function LineChart({
  title,
  xLabel,
  series,
  formatY,
  yMax,
  tableCaption,
  seriesHeading = "Series",
}: LineChartProps) {
  // Points that cannot be placed are left out of the chart and the table alike.
  const lines = series.map((line, index) => ({
    name: line.name,
    colour: chartColour(index),
    dash: DASHES[index % DASHES.length],
    points: line.points
      .filter((point) => Number.isFinite(point.x) && Number.isFinite(point.y))
      .sort((a, b) => a.x - b.x),
  }));
  const xs = [...new Set(lines.flatMap((line) => line.points.map((point) => point.x)))].sort((a, b) => a - b);
  if (xs.length === 0) return <NoData />;

  const highest = Math.max(...lines.flatMap((line) => line.points.map((point) => point.y)));
  const ticks = niceTicks(yMax ?? Math.max(1, highest));
  const top = ticks[ticks.length - 1];
  const tickLabels = ticks.map(formatY);
  const left = Math.ceil(Math.max(...tickLabels.map((label) => label.length)) * CHAR_WIDTH) + 8;
  // Room below for the x values and, under them, the axis' name.
  const plot = { left, right: WIDTH - 8, top: FONT_SIZE, bottom: HEIGHT - 2 * FONT_SIZE - 16 };
  const first = xs[0];
  const last = xs[xs.length - 1];
  // A single x value sits in the middle rather than on the y axis.
  const x = linearScale(first === last ? [first - 1, last + 1] : [first, last], [plot.left + 6, plot.right]);
  const yScale = linearScale([0, top], [plot.bottom, plot.top]);
  // Values outside the axis (below 0, or above a given yMax) are drawn at its edge.
  const y = (value: number) => yScale(Math.min(Math.max(value, 0), top));
  const labelEvery = Math.ceil(xs.length / MAX_X_LABELS);

  return (
    <figure>
      <ChartPicture
        title={title}
        width={WIDTH}
        height={HEIGHT}
        grid={{ ticks, labels: tickLabels, y, left: plot.left, right: plot.right }}
      >
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke={AXIS_COLOUR} />
        {xs.map((value, index) =>
          index % labelEvery === 0 ? (
            <text key={value} x={x(value)} y={plot.bottom + FONT_SIZE + 4} textAnchor="middle">
              {value}
            </text>
          ) : null,
        )}
        <text x={(plot.left + plot.right) / 2} y={HEIGHT - 6} textAnchor="middle">
          {xLabel}
        </text>
        {lines.map((line, index) => (
          <g key={`${index}-${line.name}`} fill={line.colour}>
            <path
              d={line.points
                .map((point, at) => `${at === 0 ? "M" : "L"}${x(point.x)},${y(point.y)}`)
                .join(" ")}
              fill="none"
              stroke={line.colour}
              strokeWidth={2}
              strokeDasharray={line.dash}
              strokeLinejoin="round"
            />
            {line.points.map((point, at) => (
              <circle key={at} cx={x(point.x)} cy={y(point.y)} r={2.5}>
                <title>{`${line.name}, ${xLabel} ${point.x}: ${formatY(point.y)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </ChartPicture>
      <Legend
        lines
        items={lines.map((line) => ({ label: line.name, colour: line.colour, dash: line.dash }))}
      />
      <ChartTable caption={tableCaption ?? title} hasLinks={false}>
        <thead className={HEAD_CLASS}>
          <tr>
            <th scope="col" rowSpan={2} className="py-2 pr-4 align-bottom">
              {seriesHeading}
            </th>
            <th colSpan={xs.length} className="pt-2 text-left">
              {xLabel}
            </th>
          </tr>
          <tr>
            {xs.map((value) => (
              <th key={value} scope="col" className="py-2 pr-4 text-right tabular-nums last:pr-0">
                {value}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const byX = new Map(line.points.map((point) => [point.x, point.y]));
            return (
              <tr key={`${index}-${line.name}`}>
                <th scope="row" className={LABEL_CELL}>
                  {line.name}
                </th>
                {xs.map((value) => {
                  const found = byX.get(value);
                  return <td key={value}>{found === undefined ? "" : formatY(found)}</td>;
                })}
              </tr>
            );
          })}
        </tbody>
      </ChartTable>
    </figure>
  );
}
