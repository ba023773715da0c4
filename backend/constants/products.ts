// Values the browser shares with the API, free of zod so that pages needing only these stay small.

export const PAYMENT_MODES = ["ONE_OFF", "INSTALLMENT"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  ONE_OFF: "Single Deposit",
  INSTALLMENT: "Installment",
};
export const PRODUCT_CATEGORY_TYPES = ["PRODUCT"] as const;
export type ProductCategoryType = (typeof PRODUCT_CATEGORY_TYPES)[number];
export const DEMO_PRODUCT_CATEGORIES = ["SHS", "EAAS", "Rooftop"] as const;

export const PRODUCT_IMAGE_FIELD = "productImage";
export const MAX_PRODUCT_NAME_LENGTH = 100;
export const MAX_QUANTITY_PER_UNIT = 1_000;
export const MAX_LINKED_ITEMS = 50;

// The reference's clients read a product's modes as one comma list, "ONE_OFF,INSTALLMENT" (spec 001 §4/§7),
// and split it; the database keeps a list, always in this order.
export const paymentModesText = (modes: readonly string[]) =>
  PAYMENT_MODES.filter((mode) => modes.includes(mode)).join(",");
export const paymentModeList = (text: string): PaymentMode[] => {
  const parts = text.split(",").map((part) => part.trim());
  return PAYMENT_MODES.filter((mode) => parts.includes(mode));
};
export const paymentModeLabels = (text: string) =>
  paymentModeList(text)
    .map((mode) => PAYMENT_MODE_LABELS[mode])
    .join(", ");
