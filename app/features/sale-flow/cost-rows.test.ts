import { MAX_COST_ROWS, applyCostIntent, costIntent, initialCostRows, readCostRows } from "./cost-rows";

function form(entries: [string, string][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

describe("the miscellaneous costs rows", () => {
  it("reads the rows as typed, in order, up to the first missing one", () => {
    const rows = readCostRows(
      form([
        ["costs[0].name", "Delivery"],
        ["costs[0].cost", "500"],
        ["costs[1].name", ""],
        ["costs[1].cost", "-5"],
        ["costs[3].name", "Lost"],
      ]),
    );
    expect(rows).toEqual([
      { name: "Delivery", cost: "500" },
      { name: "", cost: "-5" },
    ]);
  });

  it("adds an empty row (at most 20) and removes the one asked", () => {
    const rows = [
      { name: "A", cost: "1" },
      { name: "B", cost: "2" },
    ];
    expect(applyCostIntent(rows, costIntent("add-row"))).toEqual([...rows, { name: "", cost: "" }]);
    expect(applyCostIntent(rows, costIntent("remove-row:0"))).toEqual([{ name: "B", cost: "2" }]);
    expect(applyCostIntent(rows, costIntent("save"))).toBe(rows);
    const full = Array.from({ length: MAX_COST_ROWS }, () => ({ name: "x", cost: "1" }));
    expect(applyCostIntent(full, { kind: "add" })).toHaveLength(MAX_COST_ROWS);
    expect(costIntent("remove-row:x")).toEqual({ kind: "save" });
  });

  it("opens with the saved costs, or one row to fill", () => {
    expect(initialCostRows(null)).toEqual([{ name: "", cost: "" }]);
    expect(initialCostRows([{ name: "Delivery", cost: 500.5 }])).toEqual([
      { name: "Delivery", cost: "500.5" },
    ]);
  });
});
