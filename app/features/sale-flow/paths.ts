// One HTML form: each button posts it with an `intent`, so what was typed is saved first, JS or not.

export const SALES_LIST_PATH = "/sales/all";
export const NEW_SALE_PATH = "/sales/all/new";

export const ITEM_PARTS = ["parameters", "costs", "devices", "recipient"] as const;
export type ItemPart = (typeof ITEM_PARTS)[number];
export const KYC_PARTS = ["identification", "next-of-kin", "guarantor"] as const;
export type KycPart = (typeof KYC_PARTS)[number];

export function draftPath(draftId: string, ...rest: string[]) {
  return [NEW_SALE_PATH, draftId, ...rest]
    .map((segment, index) => (index ? encodeURIComponent(segment) : segment))
    .join("/");
}

export const itemPath = (draftId: string, productId: string, part: ItemPart | "details") =>
  draftPath(draftId, "items", productId, part);

export const summaryPath = (draftId: string) => draftPath(draftId, "summary");

export const ITEM_PART_API: Record<ItemPart, string> = {
  parameters: "parameters",
  costs: "miscellaneous",
  devices: "devices",
  recipient: "recipient",
};

export type FormIntent =
  | { kind: "open"; to: "customer" | "products" | "contract" | KycPart }
  | { kind: "open-item"; part: ItemPart; productId: string }
  | { kind: "open-details"; productId: string }
  | { kind: "remove"; productId: string }
  | { kind: "clear-item"; part: ItemPart; productId: string }
  | { kind: "clear"; part: KycPart }
  | { kind: "summary" }
  | { kind: "save" };

const isItemPart = (value: string): value is ItemPart => (ITEM_PARTS as readonly string[]).includes(value);
const isKycPart = (value: string): value is KycPart => (KYC_PARTS as readonly string[]).includes(value);

/** Anything unknown only saves what was typed. */
export function parseFormIntent(intent: string): FormIntent {
  const [kind = "", part = "", ...rest] = intent.split(":");
  const productId = rest.join(":");
  if (kind === "summary") return { kind: "summary" };
  if (kind === "open") {
    if (part === "customer" || part === "products" || part === "contract" || isKycPart(part))
      return { kind: "open", to: part };
    if (isItemPart(part) && productId) return { kind: "open-item", part, productId };
    if (part === "details" && productId) return { kind: "open-details", productId };
  }
  if (kind === "remove" && part) return { kind: "remove", productId: [part, ...rest].join(":") };
  if (kind === "clear") {
    if (isKycPart(part)) return { kind: "clear", part };
    if (isItemPart(part) && productId) return { kind: "clear-item", part, productId };
  }
  return { kind: "save" };
}

export const formIntent = {
  open: (to: "customer" | "products" | "contract" | KycPart) => `open:${to}`,
  openItem: (part: ItemPart, productId: string) => `open:${part}:${productId}`,
  openDetails: (productId: string) => `open:details:${productId}`,
  remove: (productId: string) => `remove:${productId}`,
  clearItem: (part: ItemPart, productId: string) => `clear:${part}:${productId}`,
  clear: (part: KycPart) => `clear:${part}`,
};

export function openTarget(draftId: string, intent: FormIntent): string | null {
  if (intent.kind === "open") return draftPath(draftId, intent.to);
  if (intent.kind === "open-item") return itemPath(draftId, intent.productId, intent.part);
  if (intent.kind === "open-details") return itemPath(draftId, intent.productId, "details");
  if (intent.kind === "summary") return summaryPath(draftId);
  return null;
}

/** The recipient window's button that copies the customer's details. */
export const SAME_AS_CUSTOMER = "same-as-customer";
