import { renderToStaticMarkup } from "react-dom/server";
import { LineChart, type LineChartProps } from "./line-chart";

const percent = (y: number) => `${Math.round(y * 100)}%`;

const series: LineChartProps["series"] = [
  {
    name: "Jan 2026",
    points: [
      { x: 1, y: 0.12 },
      { x: 2, y: 0.3 },
      { x: 3, y: 0.55 },
    ],
  },
  {
    name: "Feb 2026",
    points: [
      { x: 1, y: 0.1 },
      { x: 2, y: 0.28 },
    ],
  },
];

function render(props: Partial<LineChartProps> = {}) {
  return renderToStaticMarkup(
    <LineChart
      title="Collection rate by cohort"
      xLabel="Months since sale"
      series={series}
      formatY={percent}
      {...props}
    />,
  );
}

const tableOf = (html: string) => html.slice(html.indexOf("<table"));

describe("LineChart", () => {
  it("is an image named by its title, which is also the drawing's first child", () => {
    expect(render()).toMatch(
      /<svg role="img" aria-label="Collection rate by cohort"[^>]*><title>Collection rate by cohort<\/title>/,
    );
  });

  it("draws one line per series and tells each point's value on hover", () => {
    const html = render();
    expect(html.match(/<path /g)).toHaveLength(2);
    expect(html).toContain("<title>Feb 2026, Months since sale 2: 28%</title>");
  });

  it("lists every value in a table that scrolls sideways, with an empty cell where a series has no point", () => {
    const table = tableOf(render());
    for (const value of [0.12, 0.3, 0.55, 0.1, 0.28]) expect(table).toContain(`>${percent(value)}</td>`);
    expect(table).toMatch(
      /<th scope="row"[^>]*>Feb 2026<\/th><td[^>]*>10%<\/td><td[^>]*>28%<\/td><td[^>]*><\/td>/,
    );
    expect(render()).toMatch(/<div class="[^"]*overflow-x-auto[^"]*" tabindex="0" role="region"/);
  });

  it("tells 18 series apart by colour and dash, not colour alone", () => {
    const many = Array.from({ length: 18 }, (_, index) => ({
      name: `Cohort ${index + 1}`,
      points: Array.from({ length: 24 }, (_, month) => ({ x: month + 1, y: (month + index) / 30 })),
    }));
    const html = render({ series: many });
    const strokes = (html.match(/<path [^>]*>/g) ?? []).map(
      (path) => `${path.match(/stroke="([^"]+)"/)?.[1]} ${path.match(/stroke-dasharray="([^"]+)"/)?.[1]}`,
    );
    expect(strokes).toHaveLength(18);
    expect(new Set(strokes).size).toBe(18);
    expect(new Set(strokes.map((stroke) => stroke.split(" ")[1])).size).toBeGreaterThan(1);
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it("says there is no data instead of drawing an empty chart", () => {
    for (const empty of [[], [{ name: "Jan 2026", points: [] }]]) {
      const html = render({ series: empty });
      expect(html).toContain("No data for these filters.");
      expect(html).not.toContain("<svg");
    }
  });

  it("draws zeros and a single point without NaN or Infinity", () => {
    const zeros = render({ series: [{ name: "Jan 2026", points: [{ x: 1, y: 0 }] }] });
    expect(zeros).toContain('role="img"');
    expect(zeros).not.toMatch(/NaN|Infinity/);
    expect(render({ yMax: 0 })).not.toMatch(/NaN|Infinity/);
  });
});
