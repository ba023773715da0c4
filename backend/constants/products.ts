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
