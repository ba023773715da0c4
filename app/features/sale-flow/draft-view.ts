import type { SaleDraft } from "#backend/schemas/sale-drafts";

/** Pure readings of a draft for the new-sale screens (spec 001 §2 "New sale panels", §4, §5). */

export type DraftItem = SaleDraft["items"][number];

/**
 * The red list under a product's card: what the draft says still stops the item, then the sale rules
 * (spec §5 "Sale item") the server found on it, each said once.
 */
export function itemErrors(draft: Pick<SaleDraft, "items" | "problems">, index: number): string[] {
  const item = draft.items[index];
  const messages = [...(item?.problems ?? [])];
  const prefix = `saleItems.${index}.`;
  for (const [field, list] of Object.entries(draft.problems)) {
    if (field.startsWith(prefix)) messages.push(...list.filter(said));
  }
  return [...new Set(messages)];
}

/**
 * zod's bare 'Required' is what the rules say of a part left out altogether (an item's recipient); the
 * draft's own list already says it in words ('Please fill the sale recipient'), so it is not repeated.
 */
const said = (message: string) => message !== "Required";

/** Every rule the sale still breaks, in the spec's words, each once (the summary's list). */
export function saleProblems(draft: Pick<SaleDraft, "items" | "problems">): string[] {
  const messages: string[] = [];
  for (const [field, list] of Object.entries(draft.problems)) {
    const match = /^saleItems\.(\d+)/.exec(field);
    const product = match ? draft.items[Number(match[1])]?.product.name : undefined;
    for (const message of list.filter(said)) messages.push(product ? `${product}: ${message}` : message);
  }
  return [...new Set(messages)];
}

export type DeviceStatus = "not-started" | "partial" | "full";

/** Spec §4 "Device linking per inventory": not started, partial (yellow), full (green). */
export function deviceStatus(linked: number, required: number): DeviceStatus {
  if (linked <= 0) return "not-started";
  return linked >= required ? "full" : "partial";
}

export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  "not-started": "Not started",
  partial: "Partial",
  full: "Full",
};

/**
 * The devices modal's save button (spec §4): it saves only when the total linked equals what the item
 * needs; an item that already had devices is updated.
 */
export function deviceSaveButton(chosen: number, required: number, hadSaved: boolean) {
  if (required === 0 || chosen !== required)
    return { label: `Saved ${chosen} of ${required} Linked Device(s)`, enabled: false };
  if (hadSaved) return { label: "Update Linked Devices", enabled: true };
  return { label: `✓ Save Linked ${chosen} Device(s)`, enabled: true };
}

export const PAYMENT_METHOD_NAMES = { ONLINE: "Online", CASH: "Cash" } as const;

/** A text value of a stored part (identification, next of kin…), which the draft keeps as loose JSON. */
export function textAt(record: Record<string, unknown> | null | undefined, path: string): string | undefined {
  let node: unknown = record;
  for (const segment of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof node === "string" ? node : typeof node === "number" ? String(node) : undefined;
}

/**
 * A field's value as a refused form sent it back (Conform's `initialValue`, nested like the names
 * `a.b` and `a[0].b`), else the saved value.
 */
export function typedOr(
  initialValue: Record<string, unknown> | null | undefined,
  name: string,
  saved: string | undefined,
): string | undefined {
  if (!initialValue) return saved;
  const path = name.replace(/\[(\d+)\]/g, ".$1");
  const flat = initialValue[name];
  if (typeof flat === "string") return flat;
  return textAt(initialValue, path) ?? "";
}

/** Whether the sale is paid in instalments, and so needs the KYC parts (spec §2). */
export const isInstallment = (item: Pick<DraftItem, "parameters">) =>
  item.parameters?.paymentMode === "INSTALLMENT";

/** The pickers' page size (customers, products): '1 - 10 of 57 customers'. */
export const PICKER_PAGE_SIZE = 10;

/**
 * A picker drawer's URL (search, page), read leniently like every list URL: a bad value falls back to
 * its default rather than showing a parser's message.
 */
export function readPickerQuery(params: URLSearchParams) {
  const page = Number(params.get("page"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/**
 * The customer the Select Customer drawer shows as chosen: the URL's `selected` once a row was clicked
 * (empty: deselected), else the draft's customer.
 */
export function selectedCustomer(params: URLSearchParams, saved: string | null): string | null {
  if (!params.has("selected")) return saved;
  return params.get("selected")?.trim() || null;
}

/**
 * Whether Set Parameters has all it needs (spec §4): a one-off mode, or an instalment mode with a duration
 * of at least a month and a starting percentage. Read from the form as typed, for the Save button.
 */
export function parametersComplete(values: {
  paymentMode?: string | null;
  installmentDuration?: string | null;
  installmentStartingPrice?: string | null;
}): boolean {
  if (values.paymentMode === "ONE_OFF") return true;
  if (values.paymentMode !== "INSTALLMENT") return false;
  const duration = Number(values.installmentDuration?.trim() || Number.NaN);
  const starting = Number(values.installmentStartingPrice?.trim() || Number.NaN);
  return Number.isInteger(duration) && duration >= 1 && Number.isFinite(starting) && starting >= 0;
}
