// The business prices every sale by one rule (decision 017): what staff see on a product card is what the
// sale charges, on screen, by upload and through the API.
export const PRICING_RULES = ["COST_PLUS_MARGIN", "BATCH_PRICE"] as const;
export type PricingRule = (typeof PRICING_RULES)[number];

export const PRICING_RULE_LABELS: Record<PricingRule, string> = {
  COST_PLUS_MARGIN: "Cost plus margin",
  BATCH_PRICE: "Batch sale price",
};

export const PRICING_RULE_HINTS: Record<PricingRule, string> = {
  COST_PLUS_MARGIN:
    "Each unit is priced at its batch's cost of item, plus the outright or loan margin below.",
  BATCH_PRICE: "Each unit is priced at its batch's sale price; the margins below are not added.",
};

/** Said beside a sale's total, so nobody wonders which price it used. */
export const pricedBy = (applyMargin: boolean) =>
  applyMargin
    ? "Priced at each unit's cost of item plus the business's margin (Settings → Financial Settings)."
    : "Priced at each unit's batch sale price, the business's pricing rule (Settings → Financial Settings).";
