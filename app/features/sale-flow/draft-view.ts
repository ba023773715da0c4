import type { SaleDraft } from "#backend/schemas/sale-drafts";

export type DraftItem = SaleDraft["items"][number];

export function itemErrors(draft: Pick<SaleDraft, "items" | "problems">, index: number): string[] {
  const item = draft.items[index];
  const messages = [...(item?.problems ?? [])];
  const prefix = `saleItems.${index}.`;
  for (const [field, list] of Object.entries(draft.problems)) {
    if (field.startsWith(prefix)) messages.push(...list.filter(said));
  }
  return [...new Set(messages)];
}

// zod's bare 'Required' (a part left out altogether) is already said in words by the draft's own list.
const said = (message: string) => message !== "Required";

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

export function deviceStatus(linked: number, required: number): DeviceStatus {
  if (linked <= 0) return "not-started";
  return linked >= required ? "full" : "partial";
}

export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  "not-started": "Not started",
  partial: "Partial",
  full: "Full",
};

/** Spec §4: saves only when the total linked equals what the item needs. */
export function deviceSaveButton(chosen: number, required: number, hadSaved: boolean) {
  if (required === 0 || chosen !== required)
    return { label: `Saved ${chosen} of ${required} Linked Device(s)`, enabled: false };
  if (hadSaved) return { label: "Update Linked Devices", enabled: true };
  return { label: `✓ Save Linked ${chosen} Device(s)`, enabled: true };
}

export const PAYMENT_METHOD_NAMES = { ONLINE: "Online", CASH: "Cash" } as const;

export function textAt(record: Record<string, unknown> | null | undefined, path: string): string | undefined {
  let node: unknown = record;
  for (const segment of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof node === "string" ? node : typeof node === "number" ? String(node) : undefined;
}

/** The value a refused form sent back (Conform's `initialValue`), else the saved one. */
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

/** Instalment sales need the KYC parts (spec §2). */
export const isInstallment = (item: Pick<DraftItem, "parameters">) =>
  item.parameters?.paymentMode === "INSTALLMENT";

export const PICKER_PAGE_SIZE = 10;

export function readPickerQuery(params: URLSearchParams) {
  const page = Number(params.get("page"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

// The URL's `selected` once a row was clicked (empty: deselected), else the draft's customer.
export function selectedCustomer(params: URLSearchParams, saved: string | null): string | null {
  if (!params.has("selected")) return saved;
  return params.get("selected")?.trim() || null;
}

// Spec §4: a one-off mode, or instalments of at least a month with a starting percentage.
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
