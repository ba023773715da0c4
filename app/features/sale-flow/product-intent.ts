export type ProductIntent =
  | { kind: "select"; productId: string }
  | { kind: "remove"; productId: string }
  | { kind: "units"; productId: string; units: number }
  | { kind: "done" }
  | { kind: "none" };

export function productIntent(intent: string): ProductIntent {
  if (intent === "done") return { kind: "done" };
  const [kind = "", productId = "", count = ""] = intent.split(":");
  if (kind === "select" && productId) return { kind, productId };
  if (kind === "remove" && productId) return { kind, productId };
  const units = Number(count);
  // Units below 1 or past the stock are the API's to refuse, in its words (spec §4).
  if (kind === "units" && productId && count !== "" && Number.isInteger(units)) {
    return { kind, productId, units };
  }
  return { kind: "none" };
}
