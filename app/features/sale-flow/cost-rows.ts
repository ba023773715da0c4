import { MAX_COSTS_PER_ITEM } from "#backend/constants/sale-rules";

// Works without JavaScript: 'Add cost' and 'Remove' post the form back and get the rows again as typed.

export type CostRow = { name: string; cost: string };
export type CostIntent = { kind: "add" } | { kind: "remove"; index: number } | { kind: "save" };

export const MAX_COST_ROWS = MAX_COSTS_PER_ITEM;

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

export function readCostRows(formData: FormData): CostRow[] {
  const rows: CostRow[] = [];
  for (let index = 0; index < MAX_COST_ROWS; index += 1) {
    const name = `costs[${index}].name`;
    const cost = `costs[${index}].cost`;
    if (!formData.has(name) && !formData.has(cost)) break;
    rows.push({ name: text(formData.get(name)), cost: text(formData.get(cost)) });
  }
  return rows;
}

export function costIntent(intent: string): CostIntent {
  if (intent === "add-row") return { kind: "add" };
  const match = /^remove-row:(\d+)$/.exec(intent);
  if (match) return { kind: "remove", index: Number(match[1]) };
  return { kind: "save" };
}

export function applyCostIntent(rows: CostRow[], intent: CostIntent): CostRow[] {
  if (intent.kind === "add") return rows.length >= MAX_COST_ROWS ? rows : [...rows, { name: "", cost: "" }];
  if (intent.kind === "remove") return rows.filter((_row, index) => index !== intent.index);
  return rows;
}

export function initialCostRows(saved: { name: string; cost: number }[] | null): CostRow[] {
  if (!saved?.length) return [{ name: "", cost: "" }];
  return saved.map((row) => ({ name: row.name, cost: String(row.cost) }));
}
