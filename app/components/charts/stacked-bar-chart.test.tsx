import { renderToStaticMarkup } from "react-dom/server";
import { StackedBarChart, type StackedBarChartProps } from "./stacked-bar-chart";

const naira = (value: number) => `₦${value.toLocaleString("en-NG")}`;

const series = [
  { key: "cash", label: "Cash" },
  { key: "instalment", label: "Instalment" },
];

const rows: StackedBarChartProps["rows"] = [
  { label: "Jan 2026", values: { cash: 120_000, instalment: 480_000 }, href: "/sales/all?month=2026-01" },
  { label: "Feb 2026", values: { cash: 90_500, instalment: 310_250 } },
];

function render(props: Partial<StackedBarChartProps> = {}) {
  return renderToStaticMarkup(
    <StackedBarChart title="Sales by month" series={series} rows={rows} format={naira} {...props} />,
  );
}

const tableOf = (html: string) => html.slice(html.indexOf("<table"));

describe("StackedBarChart", () => {
  it("is an image named by its title, which is also the drawing's first child", () => {
    const html = render();
    expect(html).toMatch(/<svg role="img" aria-label="Sales by month"[^>]*><title>Sales by month<\/title>/);
    expect(html).toContain('viewBox="0 0 ');
    expect(html).not.toMatch(/<svg role="img"[^>]* width=/);
  });

  it("lists every value and each row's total in the table", () => {
    const table = tableOf(render());
    for (const value of [120_000, 480_000, 600_000, 90_500, 310_250, 400_750]) {
      expect(table).toContain(`>${naira(value)}</td>`);
    }
    expect(table).toMatch(/<th scope="col"[^>]*>Total<\/th>/);
    // Its cells take the figure tables' style (aligned digits) from the table's class.
    expect(table).toMatch(/<table class="figures /);
    expect(table).toContain("<caption");
  });

  it("tells each part's row, series and value on hover", () => {
    expect(render()).toContain("<title>Feb 2026 — Instalment: ₦310,250</title>");
  });

  it("links a row's table label to its href, and holds no link inside the picture", () => {
    const html = render();
    const svg = html.slice(0, html.indexOf("</svg>"));
    // An image with controls inside is "nested-interactive" to axe.
    expect(svg).not.toContain("<a ");
    expect(tableOf(html)).toMatch(/<a href="\/sales\/all\?month=2026-01"[^>]*>Jan 2026<\/a>/);
  });

  it("has a legend for several series and none for one", () => {
    expect(render()).toMatch(/<ul[^>]*>.*Cash.*Instalment.*<\/ul>/);
    const single = render({ series: [{ key: "cash", label: "Cash" }], valueHeading: "Received" });
    expect(single).not.toContain("<ul");
    expect(single).toMatch(/<th scope="col"[^>]*>Received<\/th>/);
    expect(tableOf(single)).toContain(`>${naira(120_000)}</td>`);
    expect(tableOf(single)).not.toContain(naira(480_000));
  });

  it("says there is no data instead of drawing an empty chart", () => {
    const html = render({ rows: [] });
    expect(html).toContain("No data for these filters.");
    expect(html).not.toContain("<svg");
  });

  it("draws all-zero data without NaN or Infinity", () => {
    const html = render({
      rows: [
        { label: "Jan", values: { cash: 0, instalment: 0 } },
        { label: "Feb", values: {} },
      ],
    });
    expect(html).toContain('role="img"');
    expect(html).not.toMatch(/NaN|Infinity/);
    expect(tableOf(html)).toContain(">₦0</td>");
  });

  it("leaves out x labels when there are many bars, but keeps every row in the table", () => {
    const many = Array.from({ length: 24 }, (_, index) => ({
      label: `Month ${index + 1}`,
      values: { cash: index * 1000, instalment: 500 },
    }));
    const html = render({ rows: many });
    const svg = html.slice(0, html.indexOf("</svg>"));
    // Side by side, at most 8 fit; slanted, every bar keeps its label.
    const shown = svg.match(/<text[^>]*>Mo/g) ?? [];
    if (shown.length > 8) for (const label of shown) expect(label).toMatch(/rotate\(-45/);
    for (const row of many) expect(tableOf(html)).toContain(`>${row.label}</th>`);
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it("slants long labels under many bars rather than cutting them short", () => {
    const agents = Array.from({ length: 24 }, (_, index) => ({
      label: `Agent Name ${index + 1}`,
      values: { cash: 1000 },
    }));
    const svg = render({ rows: agents }).split("</svg>")[0];
    expect(svg).toMatch(/<text[^>]*transform="rotate\(-45[^"]*"[^>]*>Agent Name 1<\/text>/);
  });

  it("shortens a label too long for its bar, keeping the full text as its tooltip", () => {
    const long = "Solar Home System 80W Kit with Television and Fan";
    const svg = render({ rows: [{ label: long, values: { cash: 5 } }, ...rows] }).split("</svg>")[0];
    expect(svg).toMatch(new RegExp(`<text[^>]*><title>${long}</title>Solar[^<]*…</text>`));
  });
});
